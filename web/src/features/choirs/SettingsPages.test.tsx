import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ada } from '../../test/fixtures';
import { ChoirSettingsPage } from './ChoirSettingsPage';
import { SettingsPage } from './SettingsPage';
import { affiliations, apiError, choirDetails, fillIn, json, pickOption, renderAt, stubApi } from './testing';

// User events and the half-second pause after creation take a while.
vi.setConfig({ testTimeout: 15000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('SettingsPage', () => {
  it('has one h1 and leads to the choir, musical roles and account settings', () => {
    stubApi();
    renderAt('/dashboard/settings', <SettingsPage />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Settings']);
    expect(screen.getByRole('link', { name: /Choir Settings/ })).toHaveAttribute('href', '/dashboard/settings/choir');
    expect(screen.getByRole('link', { name: /Musical Roles/ })).toHaveAttribute('href', '/dashboard/settings/musical-roles');
    expect(screen.getByRole('link', { name: /Account Settings/ })).toHaveAttribute('href', '/account/profile');
  });
});

function renderChoirSettings() {
  return renderAt('/dashboard/settings/choir', <ChoirSettingsPage />);
}

const detailsForm = () => screen.findByRole('form', { name: 'Choir details' });
const affiliationForm = () => screen.findByRole('form', { name: 'Choir focus and tradition' });

describe('ChoirSettingsPage', () => {
  it('edits the active choir, prefilled from the server', async () => {
    sessionStorage.setItem('activeChoirId', 'c1');
    stubApi({ 'GET /choirs/c1': () => json(choirDetails()) });
    renderChoirSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Choir Settings' })).toBeInTheDocument();
    const form = await detailsForm();
    expect(within(form).getByRole('textbox', { name: /Choir name/ })).toHaveValue('St Cecilia Singers');
    expect(within(form).getByRole('textbox', { name: 'City' })).toHaveValue('York');
    expect(within(form).getByRole('textbox', { name: 'Postal code/ZIP' })).toHaveValue('YO1 7HH');
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /Country/ })).toHaveValue('United Kingdom'));
    expect(within(form).getByRole('combobox', { name: /Time zone/ })).toHaveValue('Europe/London');

    const affiliation = await affiliationForm();
    await waitFor(() =>
      expect(within(affiliation).getByRole('combobox', { name: /Primary choir type/ })).toHaveValue('faith_based'),
    );
    expect(within(affiliation).getByRole('combobox', { name: /Specific tradition/ })).toHaveValue('aff-roman');
    expect(await within(affiliation).findByText('Roman Calendar (1962)')).toBeInTheDocument();
    expect(within(affiliation).getByText(/drives the feast-based events/)).toBeInTheDocument();
  });

  it('falls back to the last accessed choir', async () => {
    stubApi({ 'GET /choirs/c5': () => json(choirDetails({ id: 'c5', name: 'Cantores' })) }, {
      user: { ...ada, lastAccessedChoirId: 'c5' },
    });
    renderChoirSettings();
    const form = await detailsForm();
    expect(within(form).getByRole('textbox', { name: /Choir name/ })).toHaveValue('Cantores');
  });

  it('saves the details through the saving flow', async () => {
    sessionStorage.setItem('activeChoirId', 'c1');
    const api = stubApi({
      'GET /choirs/c1': () => json(choirDetails()),
      'PATCH /choirs/c1': (_req, _params, body) => json(choirDetails(body as object)),
    });
    renderChoirSettings();
    const form = await detailsForm();
    const name = within(form).getByRole('textbox', { name: /Choir name/ });
    await fillIn(name, 'St Cecilia’s Chamber Choir');
    await pickOption(/Country/, 'Fra', 'France');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Details' }));
    expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
    expect(api.bodies('PATCH', '/choirs/c1')).toEqual([
      { name: 'St Cecilia’s Chamber Choir', city: 'York', postcode: 'YO1 7HH', country: 'FR', timeZone: 'Europe/London' },
    ]);
  });

  it('checks the details before saving', async () => {
    sessionStorage.setItem('activeChoirId', 'c1');
    const api = stubApi({ 'GET /choirs/c1': () => json(choirDetails()) });
    renderChoirSettings();
    const form = await detailsForm();
    await userEvent.clear(within(form).getByRole('textbox', { name: /Choir name/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save Details' }));
    expect(await within(form).findByText('Choir name is required')).toBeInTheDocument();
    expect(api.count('PATCH', '/choirs/c1')).toBe(0);
  });

  it('says why saving the details failed', async () => {
    sessionStorage.setItem('activeChoirId', 'c1');
    stubApi({
      'GET /choirs/c1': () => json(choirDetails()),
      'PATCH /choirs/c1': () =>
        apiError(400, 'VALIDATION_ERROR', 'Choir name is too long', { name: 'Choir name is too long' }),
    });
    renderChoirSettings();
    const form = await detailsForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Save Details' }));
    expect(await screen.findByText('Failed to update choir details: Choir name is too long')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: /Choir name/ })).toHaveAccessibleDescription(
        'Choir name is too long',
      ),
    );
  });

  it('saves the affiliation and shows the new calendar', async () => {
    sessionStorage.setItem('activeChoirId', 'c1');
    const api = stubApi({
      'GET /choirs/c1': () => json(choirDetails()),
      'PUT /choirs/c1/affiliation': () =>
        json(choirDetails({ religiousAffiliationId: 'aff-community', calendarType: 'secular_general' })),
    });
    renderChoirSettings();
    const form = await affiliationForm();
    const type = within(form).getByRole('combobox', { name: /Primary choir type/ });
    await waitFor(() => expect(type).toHaveValue('faith_based'));
    await userEvent.selectOptions(type, 'Secular / Community');
    expect(within(form).queryByRole('combobox', { name: /Specific tradition/ })).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save Affiliation' }));
    expect(await screen.findByText('Changes saved successfully')).toBeInTheDocument();
    expect(api.bodies('PUT', '/choirs/c1/affiliation')).toEqual([{ religiousAffiliationId: 'aff-community' }]);
    expect(await within(form).findByText('General Secular Calendar')).toBeInTheDocument();
  });

  it('asks for a tradition before saving a faith-based affiliation', async () => {
    sessionStorage.setItem('activeChoirId', 'c1');
    const api = stubApi({ 'GET /choirs/c1': () => json(choirDetails({ religiousAffiliationId: 'aff-school' })) });
    renderChoirSettings();
    const form = await affiliationForm();
    const type = within(form).getByRole('combobox', { name: /Primary choir type/ });
    await waitFor(() => expect(type).toHaveValue('secular'));
    await userEvent.selectOptions(type, 'Faith-Based / Religious');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Affiliation' }));
    expect(await within(form).findByText('Please complete the choir focus/type selection.')).toBeInTheDocument();
    expect(api.count('PUT', '/choirs/c1/affiliation')).toBe(0);
  });

  it('says why saving the affiliation failed', async () => {
    sessionStorage.setItem('activeChoirId', 'c1');
    stubApi({
      'GET /choirs/c1': () => json(choirDetails()),
      'PUT /choirs/c1/affiliation': () => apiError(403, 'PERMISSION_ERROR', 'You cannot change this choir'),
    });
    renderChoirSettings();
    const form = await affiliationForm();
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: /Primary choir type/ })).toHaveValue('faith_based'),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Save Affiliation' }));
    expect(
      await screen.findByText('Failed to update choir affiliation: You cannot change this choir'),
    ).toBeInTheDocument();
  });

  it("says 'Failed to fetch choir affiliation details: {message}' when the choir cannot be read, and tries again", async () => {
    sessionStorage.setItem('activeChoirId', 'c1');
    let calls = 0;
    stubApi({
      'GET /choirs/c1': () =>
        ++calls === 1 ? apiError(500, 'INTERNAL_ERROR', 'Database unavailable') : json(choirDetails()),
    });
    renderChoirSettings();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to fetch choir affiliation details: Database unavailable',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await detailsForm()).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch choir affiliation details/)).not.toBeInTheDocument();
  });

  it("says 'Failed to fetch religious affiliations: {message}' when the list cannot be read", async () => {
    sessionStorage.setItem('activeChoirId', 'c1');
    let calls = 0;
    stubApi({
      'GET /choirs/c1': () => json(choirDetails()),
      'GET /reference/affiliations': () =>
        ++calls === 1 ? apiError(503, 'NOT_READY', 'Service down') : json(affiliations),
    });
    renderChoirSettings();
    const form = await affiliationForm();
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Failed to fetch religious affiliations: Service down',
    );
    expect(within(form).getByRole('button', { name: 'Save Affiliation' })).toBeDisabled();
    // The details stay editable.
    expect(within(await detailsForm()).getByRole('textbox', { name: /Choir name/ })).toHaveValue('St Cecilia Singers');

    await userEvent.click(within(form).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: /Primary choir type/ })).toHaveValue('faith_based'),
    );
  });

  it('offers the choir selector when no choir is chosen', async () => {
    stubApi({}, { choirs: [] });
    renderChoirSettings();
    expect(await screen.findByRole('link', { name: 'Select a choir' })).toHaveAttribute('href', '/select-choir');
  });
});
