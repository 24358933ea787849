import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, noContent, stubFetch, type Handler } from '../../test/api';
import { ada, membership, sessionOf } from '../../test/fixtures';
import { renderWithProviders, resetToasts } from '../../test/render';
import type { Policy } from './api';
import { LATES_RANGE, MAX_ABSENCES_RANGE, validateRules, type RulesValues } from './AttendanceRules';
import { PoliciesPage } from './PoliciesPage';
import { BODY_REQUIRED, MATERIAL_LABEL, TITLE_REQUIRED, validatePolicy } from './PolicyForm';
import { REMIND_LABEL } from './PolicyModals';
import { ACKNOWLEDGE_LABEL, MyStandingNotice, PolicyNotice } from './PolicyNotice';

const CHOIR = 'c1';

function policy(extra: Partial<Policy>): Policy {
  return {
    id: 'p1',
    title: 'Attendance',
    body: 'Come to **every** rehearsal.',
    bodyHtml: '<p>Come to <strong>every</strong> rehearsal.</p>',
    version: 1,
    acknowledgeVersion: 1,
    createdAt: '2026-11-20T10:00:00Z',
    updatedAt: '2026-11-20T10:00:00Z',
    acknowledged: false,
    ...extra,
  };
}

function serve(role: 'member' | 'choir_admin', list: Policy[], handlers: Record<string, Handler> = {}) {
  return stubFetch({
    'GET /auth/session': () => json(sessionOf({ ...ada, lastAccessedChoirId: CHOIR }, [membership(CHOIR, 'Bach Choir', role)])),
    'GET /choirs/:choirId/policies': () =>
      json({ policies: list, canManage: role === 'choir_admin', member: true, pending: list.filter((p) => !p.acknowledged).length }),
    'GET /choirs/:choirId/attendance-rules': () =>
      json({ rules: { period: 'season', mandatoryTypes: [] }, configured: false, concerts: [{ id: 'e9', title: 'Christmas concert', date: '2026-12-20' }] }),
    'GET /choirs/:choirId/attendance-standing': () =>
      json({
        configured: true,
        rules: { maxAbsences: 3, period: 'season', mandatoryTypes: ['concert'] },
        period: { from: '2026-09-01', to: '2027-08-31' },
        members: [
          { userId: 'u1', name: 'Tom Tenor', absences: 4, missedMandatory: 0, lates: 0, standing: 'does_not_meet' },
          { userId: 'u2', name: 'Bea Bass', absences: 2, missedMandatory: 0, lates: 0, standing: 'warning' },
        ],
      }),
    ...handlers,
  });
}

function render(element: React.ReactElement) {
  resetToasts();
  return renderWithProviders(createMemoryRouter([{ path: '/dashboard/policies', element }], { initialEntries: ['/dashboard/policies'] }));
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('form rules', () => {
  it("mirror the server's", () => {
    expect(validatePolicy({ title: ' ', body: '', materialChange: false })).toEqual({ title: TITLE_REQUIRED, body: BODY_REQUIRED });
    const rules = (extra: Partial<RulesValues>): RulesValues => ({
      maxAbsences: '',
      period: 'season',
      concertId: null,
      mandatoryTypes: [],
      latesPerAbsence: '',
      ...extra,
    });
    expect(validateRules(rules({}))).toEqual({});
    expect(validateRules(rules({ maxAbsences: 101 })).maxAbsences).toBe(MAX_ABSENCES_RANGE);
    expect(validateRules(rules({ latesPerAbsence: 0 })).latesPerAbsence).toBe(LATES_RANGE);
    expect(validateRules(rules({ latesPerAbsence: 11 })).latesPerAbsence).toBe(LATES_RANGE);
    expect(validateRules(rules({ latesPerAbsence: 3 }))).toEqual({});
    expect(validateRules(rules({ period: 'concert' })).concertId).toBeDefined();
  });
});

describe('PoliciesPage', () => {
  it('shows the director the count, who has not acknowledged, and when a reminder may go again', async () => {
    serve('choir_admin', [policy({ stats: { members: 31, acknowledged: 28 } })], {
      'GET /choirs/:choirId/policies/:id/acknowledgements': () =>
        json({
          totals: { members: 2, acknowledged: 1 },
          people: [
            { userId: 'u2', name: 'Bea Bass', acknowledged: false, version: 0 },
            { userId: 'u1', name: 'Tom Tenor', acknowledged: true, version: 1, acknowledgedAt: '2026-11-21T10:00:00Z' },
          ],
          remindedAt: '2026-11-27T09:00:00Z',
          nextReminderAt: '2099-11-29T09:00:00Z',
        }),
    });
    render(<PoliciesPage />);
    const card = await screen.findByRole('article', { name: 'Attendance' });
    expect(within(card).getByText('Acknowledged 28/31')).toBeInTheDocument();
    expect(within(card).getByText('every').tagName).toBe('STRONG');
    await userEvent.click(within(card).getByRole('button', { name: 'Who has acknowledged' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Bea Bass')).toBeInTheDocument();
    expect(within(dialog).queryByText('Tom Tenor')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: REMIND_LABEL })).toBeDisabled();
    expect(within(dialog).getByText(/Last reminder sent .* You can send another after/)).toBeInTheDocument();
  });

  it('saves a new version marked as a material change, and shows the standing table', async () => {
    const api = serve('choir_admin', [policy({ stats: { members: 2, acknowledged: 2 } })], {
      'PUT /choirs/:choirId/policies/:id': () => json({ version: 2 }),
    });
    render(<PoliciesPage />);
    const standing = await screen.findByRole('table');
    expect(within(standing).getByRole('row', { name: /Tom Tenor 4 0 Does not meet/ })).toBeInTheDocument();
    expect(within(standing).getByRole('row', { name: /Bea Bass 2 0 Warning/ })).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Attendance' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Policy text' }), ' On time.');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: MATERIAL_LABEL }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save new version' }));
    await waitFor(() =>
      expect(api.bodies('PUT', `/choirs/${CHOIR}/policies/p1`)).toEqual([
        { title: 'Attendance', body: 'Come to **every** rehearsal. On time.', materialChange: true },
      ]),
    );
  });

  it('saves how many lates count as one absence, and then shows each member’s lates', async () => {
    const api = serve('choir_admin', [], {
      'PUT /choirs/:choirId/attendance-rules': () => noContent(),
      'GET /choirs/:choirId/attendance-standing': () =>
        json({
          configured: true,
          rules: { maxAbsences: 3, period: 'season', mandatoryTypes: [], latesPerAbsence: 3 },
          period: { from: '2026-09-01', to: '2027-08-31' },
          members: [{ userId: 'u1', name: 'Tom Tenor', absences: 2, missedMandatory: 0, lates: 4, standing: 'warning' }],
        }),
    });
    render(<PoliciesPage />);
    const standing = await screen.findByRole('table');
    expect(within(standing).getByRole('columnheader', { name: 'Lates' })).toBeInTheDocument();
    expect(within(standing).getByRole('row', { name: /Tom Tenor 2 4 0 Warning/ })).toBeInTheDocument();
    expect(screen.getByText(/3 lates count as one absence/)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Attendance rules' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Most unexcused absences allowed' }), '3');
    await userEvent.type(within(form).getByRole('textbox', { name: /Lates that count as one absence/ }), '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Save rules' }));
    await waitFor(() =>
      expect(api.bodies('PUT', `/choirs/${CHOIR}/attendance-rules`)).toEqual([
        { maxAbsences: 3, period: 'season', concertId: null, mandatoryTypes: [], latesPerAbsence: 3 },
      ]),
    );
  });

  it("puts the server's words under the field it refused", async () => {
    serve('choir_admin', [], {
      'POST /choirs/:choirId/policies': () => apiError(400, 'VALIDATION_ERROR', 'Keep the title under 200 characters', { title: 'Keep the title under 200 characters' }),
    });
    render(<PoliciesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'New policy' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('checkbox', { name: MATERIAL_LABEL })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Dress');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Policy text' }), 'Black.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish policy' }));
    expect(await within(dialog).findByText('Keep the title under 200 characters')).toBeInTheDocument();
  });
});

describe('the member’s dashboard', () => {
  it('asks a member to acknowledge a waiting policy, naming the version read', async () => {
    const api = serve('member', [policy({ version: 3 }), policy({ id: 'p2', title: 'Parking', acknowledged: true })], {
      'POST /choirs/:choirId/policies/:id/acknowledge': () => noContent(),
    });
    render(<PolicyNotice choirId={CHOIR} />);
    const card = await screen.findByRole('region', { name: 'Choir policies' });
    expect(within(card).getByText('A choir policy awaits your acknowledgement.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Read and acknowledge' }));
    const dialog = await screen.findByRole('dialog');
    const articles = within(dialog).getAllByRole('article');
    expect(articles.map((a) => a.getAttribute('aria-labelledby'))).toEqual(['read-policy-p1', 'read-policy-p2']);
    expect(within(dialog).getAllByRole('button', { name: ACKNOWLEDGE_LABEL })).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: ACKNOWLEDGE_LABEL }));
    await waitFor(() => expect(api.bodies('POST', `/choirs/${CHOIR}/policies/p1/acknowledge`)).toEqual([{ version: 3 }]));
  });

  it('tells a singer their own standing', async () => {
    serve('member', [], {
      'GET /choirs/:choirId/attendance-standing/me': () =>
        json({
          configured: true,
          rules: { maxAbsences: 3, period: 'concert', concertId: 'e9', mandatoryTypes: [] },
          period: { from: '2026-09-01', to: '2026-12-20', concertTitle: 'Christmas concert' },
          standing: { userId: 'u1', name: 'Ada', absences: 2, missedMandatory: 0, lates: 0, standing: 'warning' },
        }),
    });
    render(<MyStandingNotice choirId={CHOIR} />);
    const card = await screen.findByRole('region', { name: 'Your attendance' });
    expect(within(card).getByText('2 of 3 absences used before the Christmas concert.')).toBeInTheDocument();
    expect(within(card).getByText('Warning')).toBeInTheDocument();
  });
});
