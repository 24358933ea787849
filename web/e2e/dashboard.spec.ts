import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { createConfirmedAccount, PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { expectTouchTargets } from './support/touchTargets';
import { ok, ROMAN_CATHOLIC } from './support/api';

// The dashboard is the singer's week (issue 26), on a phone.

test.use({ timezoneId: 'Europe/London', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** day is YYYY-MM-DD some days from today, in the choir's and the browser's zone. */
function day(fromToday: number): string {
  const d = new Date(Date.now() + fromToday * 86_400_000);
  return d.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
}

/** A tiny valid PDF: one empty page. */
function pdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n' +
      '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  );
}

const phone = { timezoneId: 'Europe/London', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test('a singer names their part, answers on the dashboard and the answer stays; the director sees the checklist tick and who has not answered', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const director = uniqueEmail('director');
  const singer = uniqueEmail('alto');
  await createConfirmedAccount(request, director, 'Johann', 'Kuhnau');
  await createConfirmedAccount(request, singer, 'Anna', 'Magdalena');
  await ok(request.post('/api/v1/auth/login', { data: { email: director, password: PASSWORD } }));
  const choirId = (
    await ok(
      request.post('/api/v1/choirs', { data: { name: 'Parish Choir', country: 'GB', religiousAffiliationId: ROMAN_CATHOLIC, timeZone: 'Europe/London' } }),
      201,
    )
  ).id as string;
  execFileSync('../bin/cantica', ['admin', 'add-member', choirId, singer, 'member'], {
    env: { ...process.env, CANTICA_DATA_DIR: process.env.CANTICA_E2E_DATA_DIR },
  });
  const event = async (title: string, eventType: string, date: string, hour: number, extra: object = {}) =>
    (
      await ok(
        request.post(`/api/v1/choirs/${choirId}/events`, {
          data: { title, eventType, start: `${date}T${hour}:00:00`, end: `${date}T${hour + 1}:00:00`, location: 'St Mary’s', timeZone: 'Europe/London', ...extra },
        }),
        201,
      )
    ).id as string;
  await event('Choir Rehearsal', 'rehearsal', day(2), 19);
  const massDate = day(3);
  const mass = await event('Parish Mass', 'service', massDate, 10);
  // Sunday's music: a piece with a long title and a score, planned for the Mass.
  const title = 'Missa de Angelis: Kyrie, sung in alternation between cantor and choir';
  const piece = (await ok(request.post(`/api/v1/choirs/${choirId}/music`, { data: { title } }), 201)).id as string;
  await ok(
    request.post(`/api/v1/choirs/${choirId}/music/${piece}/attachments`, {
      multipart: { type: 'score', description: '', file: { name: 'kyrie.pdf', mimeType: 'application/pdf', buffer: pdf() } },
    }),
    201,
  );
  const plan = await ok(request.post(`/api/v1/choirs/${choirId}/plans`, { data: { date: massDate, eventId: mass } }), 201);
  await ok(
    request.put(`/api/v1/choirs/${choirId}/plans/${plan.id}`, {
      data: { title: '', notes: '', slots: [{ label: 'Kyrie', musicId: piece }], version: plan.version },
    }),
  );

  // The director, on a phone: no singer has a part yet.
  const directorPage = await (await browser.newContext(phone)).newPage();
  await signIn(directorPage, director);
  await expect(directorPage).toHaveURL(/\/dashboard$/);
  const checklist = directorPage.getByRole('region', { name: 'Getting started' });
  await expect(checklist).toContainText('2 of 4 done');
  // Its button whole on the phone, not cut to 'Dismiss checkli'.
  const dismiss = checklist.getByRole('button', { name: 'Dismiss checklist' });
  expect(await dismiss.evaluate((b) => [...b.querySelectorAll('span')].every((s) => s.scrollWidth <= s.clientWidth))).toBe(true);
  await expect(checklist.getByRole('link', { name: 'Invite singers with their voice parts' })).toBeVisible();
  await expect(directorPage.getByRole('region', { name: 'Parish Mass' }).getByRole('link', { name: 'Plan music', exact: true })).toBeVisible();
  await expectTouchTargets(directorPage, "director's dashboard", { within: 'main' });
  await expectAccessible(directorPage);

  // The singer, on a phone: asked their part once, then one tap answers, and the answer is there after a reload.
  await signIn(page, singer);
  await expect(page).toHaveURL(/\/dashboard$/);
  const question = page.getByRole('dialog', { name: 'Which part do you sing?' });
  await expect(question).toBeVisible();
  await expectAccessible(page);
  await question.getByRole('button', { name: 'Alto' }).click();
  await expect(question).toBeHidden();
  const rehearsal = page.getByRole('region', { name: 'Choir Rehearsal' });
  const going = rehearsal.getByRole('button', { name: "I'll be there" });
  await expect(going).toHaveAttribute('aria-pressed', 'false');
  await going.click();
  await expect(going).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Choir Rehearsal' }).getByRole('button', { name: "I'll be there" })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('dialog', { name: 'Which part do you sing?' })).toBeHidden();
  // 'Practise' whole on the phone, beside the long title.
  const practise = page.getByRole('region', { name: 'Parish Mass' }).getByRole('link', { name: `Practise ${title}` });
  await expect(practise).toHaveText('Practise');
  const box = (await practise.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await practise.evaluate((a) => [...a.querySelectorAll('span')].every((s) => s.scrollWidth <= s.clientWidth))).toBe(true);
  await expectTouchTargets(page, "singer's dashboard", { within: 'main' });
  await expectAccessible(page);
  // The event is a link to it on the calendar, its details open.
  await page.getByRole('region', { name: 'Parish Mass' }).getByRole('link', { name: 'Parish Mass' }).click();
  await expect(page.getByRole('dialog', { name: 'Parish Mass' })).toBeVisible();

  // The director again: the singer's part ticks the first step; who has not answered, by part.
  await directorPage.reload();
  await expect(checklist).toContainText('3 of 4 done');
  await expect(checklist.getByRole('link', { name: 'Invite singers with their voice parts (done)' })).toBeVisible();
  const massCard = directorPage.getByRole('region', { name: 'Parish Mass' });
  await expect(massCard.getByRole('list', { name: 'Not answered yet' })).toContainText('Alto: Anna Magdalena');
  await expect(directorPage.getByRole('region', { name: 'Choir Rehearsal' }).getByRole('list', { name: 'Not answered yet' })).not.toContainText('Anna Magdalena');

  // And on a desktop.
  await directorPage.setViewportSize({ width: 1366, height: 900 });
  await expect(massCard).toBeVisible();
  await expectAccessible(directorPage);

  // The weekly rehearsal set in the calendar: the last step, and the checklist goes by itself.
  await checklist.getByRole('link', { name: 'Set the weekly rehearsal' }).click();
  await expect(directorPage.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await event('Weekly Rehearsal', 'rehearsal', day(9), 19, {
    recurrenceRule: { type: 'weekly_on_days', weeklyInterval: 1, weeklyDays: ['thursday'] },
  });
  await directorPage.goBack();
  await expect(massCard).toBeVisible();
  await expect(checklist).toBeHidden();
  await directorPage.context().close();
});
