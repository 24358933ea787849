import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** expectAccessible fails on any serious or critical axe-core violation. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} — ${v.help}\n  ${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n  ')}`);
  expect(bad, bad.join('\n')).toEqual([]);
}
