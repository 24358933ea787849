import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// axe-core runs in the page itself. It is injected once per document and
// kept across the app's client-side navigation: @axe-core/playwright injected
// it anew and finished every run in a second blank page, about 2 s a check on
// two busy cores, which pushed the longer flows past their time limits.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeWindow = { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

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

/** expectAccessible fails on any serious or critical axe-core violation, with every rule axe-core has. */
export async function expectAccessible(page: Page) {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as AxeWindow).axe.run(document, { resultTypes: ['violations'] }),
  );
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} — ${v.help}\n  ${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n  ')}`);
  expect(bad, bad.join('\n')).toEqual([]);
}
