import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * settled waits until no finite animation or transition is running. Mantine's
 * menus, modals and toasts fade in; axe measuring contrast mid-fade reports
 * colours that nobody sees once the page has settled.
 */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** expectAccessible fails on any serious or critical axe-core violation. */
export async function expectAccessible(page: Page) {
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} — ${v.help}\n  ${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n  ')}`);
  expect(bad, bad.join('\n')).toEqual([]);
}
