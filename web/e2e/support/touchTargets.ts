import { expect, type Page } from '@playwright/test';

/** The smallest hit box a finger can be asked to hit (WCAG 2.5.5, and the platforms' own guides). */
export const MIN_TARGET = 44;

// Everything a finger can tap or drag.
const INTERACTIVE = [
  'button',
  'a[href]',
  'input:not([type=hidden])',
  'select',
  'textarea',
  '[role=button]',
  '[role=switch]',
  '[role=slider]',
  '[role=tab]',
  '[role=menuitem]',
  '[role=checkbox]',
  '[role=radio]',
].join(',');

export interface TouchTargetOptions {
  /**
   * Extra CSS selectors left out of the check. Only for inline text links
   * inside running text, which WCAG 2.5.8 exempts ("the target is in a
   * sentence"); say at the call which link and why.
   */
  inlineTextLinks?: string[];
  /** A CSS selector for the part of the page checked (a dialog, the header); the whole page without it. */
  within?: string;
}

export interface SmallTarget {
  name: string;
  width: number;
  height: number;
}

/**
 * smallTouchTargets lists every visible, enabled interactive element of the
 * page whose hit box is smaller than 44 × 44 px. The hit box is the element's
 * own box grown by the labels that activate it (a Mantine switch or checkbox
 * is a small input inside a label the finger actually taps).
 */
export async function smallTouchTargets(page: Page, options: TouchTargetOptions = {}): Promise<SmallTarget[]> {
  return page.evaluate(
    ({ selector, exempt, min, within }) => {
      const visible = (el: Element) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) return false;
        // Slid out sideways (the phone's closed navigation drawer): no finger reaches it.
        if (box.right <= 0 || box.left >= document.documentElement.clientWidth) return false;
        if (el.closest('[aria-hidden=true], [inert]')) return false;
        const style = getComputedStyle(el);
        return style.visibility !== 'hidden' && style.display !== 'none';
      };
      const enabled = (el: Element) =>
        !(el as HTMLButtonElement).disabled && el.getAttribute('aria-disabled') !== 'true' && !el.closest('fieldset:disabled');
      const labelsOf = (el: Element): Element[] => {
        const own = 'labels' in el ? Array.from((el as HTMLInputElement).labels ?? []) : [];
        const wrapping = el.closest('label');
        return wrapping ? [...own, wrapping] : own;
      };
      const nameOf = (el: Element) => {
        const labelledBy = el.getAttribute('aria-labelledby');
        const byId = labelledBy
          ?.split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ');
        const name =
          el.getAttribute('aria-label') ||
          byId ||
          labelsOf(el)
            .map((l) => l.textContent ?? '')
            .join(' ') ||
          (el as HTMLElement).innerText ||
          el.getAttribute('title') ||
          el.getAttribute('placeholder') ||
          '';
        const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
        return `${role} "${name.replace(/\s+/g, ' ').trim()}"`;
      };
      const exempted = new Set(exempt.flatMap((s) => Array.from(document.querySelectorAll(s))));
      const small: { name: string; width: number; height: number }[] = [];
      const roots = within ? Array.from(document.querySelectorAll(within)) : [document.documentElement];
      const elements = roots.flatMap((root) => [...(root.matches(selector) ? [root] : []), ...Array.from(root.querySelectorAll(selector))]);
      for (const el of elements) {
        if (exempted.has(el) || !visible(el) || !enabled(el)) continue;
        // A control that only stands in for another (Mantine's visually hidden
        // radio inside its label) is measured with that label.
        let { left, top, right, bottom } = el.getBoundingClientRect();
        for (const label of labelsOf(el)) {
          const b = label.getBoundingClientRect();
          left = Math.min(left, b.left);
          top = Math.min(top, b.top);
          right = Math.max(right, b.right);
          bottom = Math.max(bottom, b.bottom);
        }
        const width = Math.round((right - left) * 10) / 10;
        const height = Math.round((bottom - top) * 10) / 10;
        // Half a pixel of rounding (a 43.99 px box from rem arithmetic) is not a smaller target.
        if (width < min - 0.5 || height < min - 0.5) small.push({ name: nameOf(el), width, height });
      }
      return small;
    },
    { selector: INTERACTIVE, exempt: options.inlineTextLinks ?? [], min: MIN_TARGET, within: options.within ?? null },
  );
}

/**
 * expectTouchTargets fails naming every target of the page smaller than 44 ×
 * 44 px, with its size. The failure is soft: the test goes on to the next
 * page, so one run names every offender of every page it visits.
 */
export async function expectTouchTargets(page: Page, where: string, options: TouchTargetOptions = {}) {
  const small = await smallTouchTargets(page, options);
  const lines = small.map((t) => `${where}: ${t.name} is ${t.width} × ${t.height} px`);
  expect.soft(lines, `touch targets under ${MIN_TARGET} × ${MIN_TARGET} px:\n${lines.join('\n')}`).toEqual([]);
}
