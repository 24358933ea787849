import { expect, type APIResponse } from '@playwright/test';

/** ROMAN_CATHOLIC is the id of the Roman Catholic liturgical calendar every server starts with. */
export const ROMAN_CATHOLIC = '00000000-0000-4000-8000-000000000101';

/**
 * ok waits for an API call made to set a test up, fails the test with the
 * answer's body when its status is not the one expected, and returns the
 * answer's JSON (null for 204).
 */
export async function ok(res: Promise<APIResponse>, status = 200) {
  const r = await res;
  expect(r.status(), await r.text()).toBe(status);
  return r.status() === 204 ? null : r.json();
}
