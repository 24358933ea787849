import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { ROMAN_CATHOLIC } from './support/api';

const ZONE = 'Europe/London';
test.use({ timezoneId: ZONE });

test('a director, on a phone, marks a singer late; three lates count as one absence in the singer’s standing', async ({ page, request }) => {
  test.setTimeout(150_000);
  const director = uniqueEmail('director');
  const singer = uniqueEmail('tenor');
  await createConfirmedAccount(request, director, 'Gustav', 'Holst');
  await createConfirmedAccount(request, singer, 'Peter', 'Pears');
  expect((await request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } })).status()).toBe(200);
  const created = await request.post('/api/v1/choirs', {
    data: { name: 'Thaxted Singers', country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: ZONE },
  });
  expect(created.status(), await created.text()).toBe(201);
  const choirId = (await created.json()).id as string;
  execFileSync('../bin/cantica', ['admin', 'add-member', choirId, singer, 'member'], {
    env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR },
  });
  // Three rehearsals of the last days: attendance can be taken for each.
  const events: string[] = [];
  for (const daysAgo of [3, 2, 1]) {
    const date = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const ev = await request.post(`/api/v1/choirs/${choirId}/events`, {
      data: { title: `Rehearsal ${daysAgo}`, eventType: 'rehearsal', start: `${date}T10:00:00`, end: `${date}T11:00:00`, timeZone: ZONE },
    });
    expect(ev.status(), await ev.text()).toBe(201);
    events.push((await ev.json()).id as string);
  }
  const singerId = ((await (await request.get(`/api/v1/choirs/${choirId}/members`)).json()) as { userId: string; email: string }[]).find(
    (m) => m.email === singer,
  )!.userId;
  for (const eventId of events.slice(0, 2)) {
    const res = await request.put(`/api/v1/choirs/${choirId}/events/${eventId}/attendance/marks`, {
      data: { marks: [{ userId: singerId, mark: 'late' }] },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, director);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

  // The third rehearsal: 'Late' is one of the four marks.
  await page.goto(`/dashboard/calendar/attendance/${events[2]}`);
  // The attendance chunk arrives slowly on two busy cores.
  await expect(page.getByRole('heading', { level: 1, name: 'Rehearsal 1' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Take attendance' }).click();
  const marks = page.getByRole('radiogroup', { name: 'Attendance of Peter Pears' });
  await marks.getByText('Late', { exact: true }).click();
  await expect(marks.getByRole('radio', { name: 'Late' })).toBeChecked();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save attendance' }).click();
  await expect(page.getByText('Changes saved successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('region', { name: 'No answer' }).getByText('Late')).toBeVisible();

  // The rule: at most 2 absences, 3 lates for one.
  await page.goto('/dashboard/policies');
  const rules = page.getByRole('form', { name: 'Attendance rules' });
  await rules.getByRole('textbox', { name: 'Most unexcused absences allowed' }).fill('2');
  await rules.getByRole('textbox', { name: /Lates that count as one absence/ }).fill('3');
  await rules.getByRole('button', { name: 'Save rules' }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Lates' })).toBeVisible();
  await expect(table.getByRole('row', { name: /Peter Pears 1 3 0 Warning/ })).toBeVisible();
  await expectAccessible(page);
});
