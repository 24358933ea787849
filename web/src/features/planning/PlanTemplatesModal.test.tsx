import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api';
import type { PlanTemplate } from './api';
import { PlanTemplatesModal } from './PlanTemplatesModal';
import { renderAt, serveChoir } from './testing';

vi.setConfig({ testTimeout: 30000 });
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

const s = (label: string, durationMinutes: number | null = null) => ({ label, durationMinutes });

function serve(templates: PlanTemplate[]) {
  const state = { templates };
  const api = serveChoir('choir_admin', {
    'GET /choirs/:choirId/plan-templates': () => json(state.templates),
    'PUT /choirs/:choirId/plan-templates/:eventType': (_r, { eventType }, body) => {
      const slots = (body as { slots: PlanTemplate['slots'] }).slots;
      const saved = { eventType, slots: slots.length ? slots : [s('Warm-up', 15), s('Pieces')], custom: slots.length > 0 };
      state.templates = state.templates.map((t) => (t.eventType === eventType ? saved : t));
      return json(saved);
    },
  });
  return api;
}

const TEMPLATES: PlanTemplate[] = [
  { eventType: 'service', custom: false, slots: [s('Entrance'), s('Psalm'), s('Offertory'), s('Communion'), s('Recessional')] },
  { eventType: 'rehearsal', custom: true, slots: [s('Warm-up', 10), s('Mass setting', 30)] },
  { eventType: 'concert', custom: false, slots: [s('First half')] },
  { eventType: 'liturgical_feast', custom: false, slots: [s('Entrance')] },
  { eventType: 'other', custom: false, slots: [s('Pieces')] },
];

const show = () => renderAt('/plan', <PlanTemplatesModal choirId="c1" opened onClose={() => {}} />, '/plan');
const labels = (form: HTMLElement) => within(form).getAllByRole('textbox', { name: /^Slot / }).map((i) => (i as HTMLInputElement).value);

describe('PlanTemplatesModal', () => {
  it('edits the service template: adds, removes and reorders slots and saves them in order', async () => {
    const api = serve(TEMPLATES);
    show();
    const form = await screen.findByRole('form', { name: 'Service template' });
    expect(labels(form)).toEqual(['Entrance', 'Psalm', 'Offertory', 'Communion', 'Recessional']);

    await userEvent.click(within(form).getByRole('button', { name: 'Remove slot 2' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Move slot 4 up' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add slot' }));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Slot 5' }), { target: { value: 'Gloria' } });
    fireEvent.change(within(form).getAllByRole('textbox', { name: 'Minutes' })[4], { target: { value: '4' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.count('PUT', '/choirs/c1/plan-templates/service')).toBe(1));
    expect(api.bodies('PUT', '/choirs/c1/plan-templates/service')).toEqual([
      { slots: [s('Entrance'), s('Offertory'), s('Recessional'), s('Communion'), s('Gloria', 4)] },
    ]);
  });

  it('refuses a slot without a label', async () => {
    const api = serve(TEMPLATES);
    show();
    const form = await screen.findByRole('form', { name: 'Service template' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add slot' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a label for this slot.')).toBeInTheDocument();
    expect(api.count('PUT', '/choirs/c1/plan-templates/service')).toBe(0);
  });

  it("restores a type's default by saving no slots", async () => {
    const api = serve(TEMPLATES);
    show();
    await userEvent.click(await screen.findByLabelText('Event type', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Rehearsal' }));
    const form = await screen.findByRole('form', { name: 'Rehearsal template' });
    expect(labels(form)).toEqual(['Warm-up', 'Mass setting']);
    await userEvent.click(within(form).getByRole('button', { name: 'Restore default' }));
    await waitFor(() => expect(api.bodies('PUT', '/choirs/c1/plan-templates/rehearsal')).toEqual([{ slots: [] }]));
    await waitFor(() => expect(labels(screen.getByRole('form', { name: 'Rehearsal template' }))).toEqual(['Warm-up', 'Pieces']));
    expect(screen.getByRole('button', { name: 'Restore default' })).toBeDisabled();
  });
});
