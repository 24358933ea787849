import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session';
import { ada, sessionOf } from '../../test/fixtures';
import { ChoirRegistrationForm } from './ChoirRegistrationForm';
import { affiliations, apiError, choirDetails, deferred, fillIn, json, pickOption, renderAt, stubApi } from './testing';

// User events and the half-second pause after creation take a while.
vi.setConfig({ testTimeout: 15000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

// Shows the session as the rest of the app sees it.
function SessionProbe() {
  const { user } = useSession();
  return <p data-testid="last-choir">{user?.lastAccessedChoirId ?? 'none'}</p>;
}

function renderForm(onCreated = vi.fn(), plan?: 'small' | 'medium' | 'large') {
  const view = renderAt(
    '/choirs/new',
    <>
      <SessionProbe />
      <ChoirRegistrationForm mode="standard" plan={plan} onCreated={onCreated} />
    </>,
  );
  return { ...view, onCreated };
}

const typeSelect = () => screen.getByRole('combobox', { name: /Primary choir type/ });
const traditionSelect = () => screen.queryByRole('combobox', { name: /Specific tradition\/denomination/ });

async function waitForTypes() {
  await waitFor(() => expect(typeSelect()).toBeEnabled());
}

async function fillValidForm() {
  await fillIn(screen.getByRole('textbox', { name: /Choir name/ }), 'St Cecilia Singers');
  await fillIn(screen.getByRole('textbox', { name: 'City' }), 'York');
  await fillIn(screen.getByRole('textbox', { name: 'Postal code/ZIP' }), 'YO1 7HH');
  await pickOption(/Country/, 'United K', 'United Kingdom');
  await waitForTypes();
  await userEvent.selectOptions(typeSelect(), 'Secular / Community');
}

describe('ChoirRegistrationForm fields', () => {
  it('offers the primary types and shows the tradition only for faith-based', async () => {
    stubApi();
    renderForm();
    await waitForTypes();
    const options = within(typeSelect()).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['-- Select Primary Type --', 'Faith-Based / Religious', 'Secular / Community', 'Other Focus']);
    expect(traditionSelect()).not.toBeInTheDocument();

    await userEvent.selectOptions(typeSelect(), 'Faith-Based / Religious');
    const tradition = traditionSelect()!;
    expect(tradition).toHaveValue('');
    expect(within(tradition).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '-- Select Tradition/Denomination --',
      'Roman Catholic (Traditional) (calendar uploaded)',
      'Anglican (calendar not uploaded)',
    ]);

    await userEvent.selectOptions(typeSelect(), 'Other Focus');
    expect(traditionSelect()).not.toBeInTheDocument();
  });

  it('hides the faith-based type when no faith-based calendar is published', async () => {
    stubApi({
      'GET /reference/affiliations': () =>
        json(affiliations.map((a) => (a.category === 'faith_based' ? { ...a, calendarPublished: false } : a))),
    });
    renderForm();
    await waitForTypes();
    expect(within(typeSelect()).queryByRole('option', { name: 'Faith-Based / Religious' })).not.toBeInTheDocument();
    expect(within(typeSelect()).getByRole('option', { name: 'Secular / Community' })).toBeInTheDocument();
  });

  it('says so when the choir types cannot be loaded', async () => {
    stubApi({ 'GET /reference/affiliations': () => apiError(500, 'INTERNAL', 'boom') });
    renderForm();
    expect(await screen.findByText('Failed to load choir type options. Please try again.')).toBeInTheDocument();
  });

  it('defaults the time zone to the browser’s', async () => {
    stubApi();
    renderForm();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByRole('combobox', { name: /Time zone/ })).toHaveValue(zone);
  });
});

describe('ChoirRegistrationForm validation', () => {
  it('shows every required message and sends nothing', async () => {
    const api = stubApi();
    renderForm();
    await waitForTypes();
    await userEvent.click(screen.getByRole('button', { name: 'Create Choir' }));
    expect(await screen.findByText('Choir name is required')).toBeInTheDocument();
    expect(screen.getByText('Country is required')).toBeInTheDocument();
    expect(screen.getByText('Please complete the choir focus/type selection.')).toBeInTheDocument();
    expect(api.count('POST', '/choirs')).toBe(0);
  });

  it('rejects a long name and one with other characters', async () => {
    stubApi();
    renderForm();
    const name = screen.getByRole('textbox', { name: /Choir name/ });
    fireEvent.change(name, { target: { value: 'a'.repeat(201) } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Choir' }));
    expect(await screen.findByText('Choir name is too long')).toBeInTheDocument();

    fireEvent.change(name, { target: { value: 'St. Cecilia & Friends' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Choir' }));
    expect(
      await screen.findByText('Choir name can only contain letters, numbers, spaces, hyphens, and apostrophes'),
    ).toBeInTheDocument();
  });

  it('asks for the tradition of a faith-based choir under the tradition, and for a type when cleared', async () => {
    stubApi();
    renderForm();
    await waitForTypes();
    await userEvent.selectOptions(typeSelect(), 'Faith-Based / Religious');
    await userEvent.click(screen.getByRole('button', { name: 'Create Choir' }));
    await waitFor(() =>
      expect(traditionSelect()).toHaveAccessibleDescription('Please complete the choir focus/type selection.'),
    );

    // Clearing the type resets it; the message moves to the type.
    await userEvent.selectOptions(typeSelect(), '-- Select Primary Type --');
    expect(traditionSelect()).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Choir' }));
    await waitFor(() =>
      expect(typeSelect()).toHaveAccessibleDescription('Please complete the choir focus/type selection.'),
    );
  });

  it('shows the server’s field messages under the fields', async () => {
    stubApi({
      'POST /choirs': () =>
        apiError(400, 'VALIDATION_ERROR', 'Validation failed', {
          name: 'Choir name is too long',
          country: 'Country is required',
        }),
    });
    renderForm();
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create Choir' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Choir name/ })).toHaveAccessibleDescription('Choir name is too long'),
    );
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveAccessibleDescription('Country is required');
    expect(await screen.findByText('Failed to create choir: Validation failed')).toBeInTheDocument();
  });
});

describe('ChoirRegistrationForm creation', () => {
  it('creates the choir, makes it active, refreshes the session, then toasts and hands it on', async () => {
    const created = choirDetails({ id: 'c9', name: 'St Cecilia Singers', religiousAffiliationId: 'aff-community' });
    const answer = deferred<Response>();
    let sessionCalls = 0;
    const api = stubApi({
      'POST /choirs': () => answer.promise,
      'GET /auth/session': () => {
        sessionCalls += 1;
        return json(sessionOf({ ...ada, lastAccessedChoirId: sessionCalls > 1 ? 'c9' : null }, []));
      },
    });
    const onCreated = vi.fn(() => {
      // By now the session knows the new choir.
      expect(screen.getByTestId('last-choir')).toHaveTextContent('c9');
    });
    renderForm(onCreated, 'large');
    expect(await screen.findByTestId('last-choir')).toHaveTextContent('none');
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create Choir' }));

    expect(await screen.findByRole('button', { name: 'Creating Choir...' })).toBeDisabled();
    expect(api.bodies('POST', '/choirs')).toEqual([
      {
        name: 'St Cecilia Singers',
        city: 'York',
        postcode: 'YO1 7HH',
        country: 'GB',
        religiousAffiliationId: 'aff-community',
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        plan: 'large',
      },
    ]);
    answer.resolve(json(created, 201));

    expect(
      await screen.findByText('🎵 St Cecilia Singers has been created successfully!', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(sessionStorage.getItem('activeChoirId')).toBe('c9');
    expect(sessionCalls).toBe(2);
    expect(screen.getByTestId('last-choir')).toHaveTextContent('c9');
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
  });

  it('ignores a second submission while one runs', async () => {
    const answer = deferred<Response>();
    const api = stubApi({ 'POST /choirs': () => answer.promise });
    renderForm();
    await fillValidForm();
    const form = screen.getByRole('form', { name: 'Your choir' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await screen.findByRole('button', { name: 'Creating Choir...' });
    fireEvent.submit(form);
    expect(api.count('POST', '/choirs')).toBe(1);
    answer.resolve(apiError(500, 'INTERNAL', 'Database unavailable'));
    expect(await screen.findByText('Failed to create choir: Database unavailable')).toBeInTheDocument();
  });

  it('shows the server’s message when creation fails, and a general one for the unexpected', async () => {
    stubApi({ 'POST /choirs': () => apiError(403, 'PERMISSION_ERROR', 'You cannot create choirs') });
    const { onCreated } = renderForm();
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create Choir' }));
    expect(await screen.findByText('Failed to create choir: You cannot create choirs')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Choir' })).toBeEnabled();
    expect(sessionStorage.getItem('activeChoirId')).toBeNull();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('shows the general message for an unexpected failure', async () => {
    stubApi({
      'POST /choirs': () => {
        throw new Error('something odd');
      },
    });
    renderForm();
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create Choir' }));
    expect(await screen.findByText('An unexpected error occurred while creating your choir.')).toBeInTheDocument();
  });
});
