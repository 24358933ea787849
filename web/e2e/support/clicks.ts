import type { Locator } from '@playwright/test';

/**
 * Counter counts what a person does with a pointer on a journey: every
 * click (desktop) or tap (phone) goes through it, and steps that happen
 * outside the page, such as a tap on a link in a mail app, are counted by
 * hand with `outside`. `steps` names each in order, for the report.
 */
export class Counter {
  readonly steps: string[] = [];

  get count(): number {
    return this.steps.length;
  }

  async click(target: Locator, what: string) {
    this.steps.push(what);
    await target.click();
  }

  async tap(target: Locator, what: string) {
    this.steps.push(what);
    await target.tap();
  }

  outside(what: string) {
    this.steps.push(what);
  }

  toString(): string {
    return `${this.count} (${this.steps.map((s, i) => `${i + 1}. ${s}`).join('; ')})`;
  }
}
