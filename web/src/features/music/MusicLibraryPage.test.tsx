import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/api';
import { MusicLibraryPage } from './MusicLibraryPage';
import {
  apiError,
  AVE,
  CHRISTMAS,
  JESU,
  json,
  listQueries,
  pick,
  pieceOf,
  pretendSmallScreen,
  renderPage,
  serveMusic,
  type MusicServer,
} from './testing';

const UNSAVED =
  'You have unsaved changes to this music piece. Are you sure you want to close the form? Your changes will be lost.';
const LOAD_FAILED = 'Unable to load your music library. Please refresh the page and try again.';

function renderLibrary(server: MusicServer = {}, initial = '/dashboard/music') {
  const api = serveMusic(server);
  return { api, ...renderPage('/dashboard/music', <MusicLibraryPage />, initial) };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('MusicLibraryPage', () => {
  it('lists the pieces the server sends, each linking to its page with its composer, number, voicing, tags and files', async () => {
    renderLibrary();
    const table = await screen.findByRole('table', { name: 'Music' });
    const row = within(table).getByRole('row', { name: /Jesu, meine Freude/ });
    expect(within(row).getByRole('link', { name: 'Jesu, meine Freude' })).toHaveAttribute('href', '/dashboard/music/m1');
    for (const text of ['Johann Sebastian Bach', '12', 'SATB', 'Christmas', 'Score', 'Recording']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    const ave = within(table).getByRole('row', { name: /Ave verum corpus/ });
    expect(within(ave).queryByText('Score')).not.toBeInTheDocument();
    expect(screen.getByText('2 pieces')).toBeInTheDocument();
  });

  it('gives an editor the add, import, export and selection controls', async () => {
    renderLibrary();
    await screen.findByRole('table', { name: 'Music' });
    expect(screen.getByRole('button', { name: 'Add music' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/v1/choirs/c1/music/export');
    expect(screen.getByRole('checkbox', { name: 'Select Jesu, meine Freude' })).toBeInTheDocument();
  });

  it('tells an editor the storage the choir’s files take, and of how much only when there is a limit', async () => {
    const { unmount } = renderLibrary();
    expect(await screen.findByText('Storage used: 1.2 GB')).toBeInTheDocument();
    unmount();
    renderLibrary({ storage: { usedBytes: 1288490189, maxUploadBytes: 200 * 1024 * 1024, limitBytes: 2 * 1024 ** 3 } });
    expect(await screen.findByText('Storage used: 1.2 GB of 2.0 GB')).toBeInTheDocument();
  });

  it('is read-only for a member: no add, import, export, selection or bulk controls', async () => {
    renderLibrary({ role: 'member' });
    await screen.findByRole('link', { name: 'Jesu, meine Freude' });
    expect(screen.queryByRole('button', { name: 'Add music' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByText(/Storage used/)).not.toBeInTheDocument();
  });

  it('reads its filters from the URL, asks the server for them, and puts changes back in the URL', async () => {
    const { api, router } = renderLibrary({}, '/dashboard/music?q=bach&tag=t-xmas&sort=number&order=desc&page=2');
    await screen.findByRole('table', { name: 'Music' });
    const first = listQueries(api.fetch)[0];
    expect(first.get('q')).toBe('bach');
    expect(first.getAll('tagId')).toEqual(['t-xmas']);
    expect(first.get('sort')).toBe('number');
    expect(first.get('order')).toBe('desc');
    expect(first.get('page')).toBe('2');
    expect(first.get('pageSize')).toBe('50');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('bach');

    await pick('Voicing', 'SATB');
    await waitFor(() => expect(router.state.location.search).toBe('?q=bach&tag=t-xmas&voicing=v-satb&sort=number&order=desc'));
    await waitFor(() => expect(listQueries(api.fetch).at(-1)?.get('voicingId')).toBe('v-satb'));

    // Back restores the filters as they were, page included.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(listQueries(api.fetch).at(-1)?.get('page')).toBe('2'));
  });

  it('searches as the person types, once typing pauses', async () => {
    const { api, router } = renderLibrary();
    await screen.findByRole('table', { name: 'Music' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'ave');
    await waitFor(() => expect(router.state.location.search).toBe('?q=ave'));
    await waitFor(() => expect(listQueries(api.fetch).at(-1)?.get('q')).toBe('ave'));
    // Typing is not a trail of history entries.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ave');
  });

  it('remembers the list-or-cards choice', async () => {
    const { unmount } = renderLibrary();
    await screen.findByRole('table', { name: 'Music' });
    await userEvent.click(screen.getByText('Cards'));
    expect(await screen.findByRole('list', { name: 'Music' })).toBeInTheDocument();
    unmount();

    renderLibrary();
    expect(await screen.findByRole('list', { name: 'Music' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Music' })).not.toBeInTheDocument();
  });

  it('says the library could not load, and tries again', async () => {
    let fail = true;
    renderLibrary({
      handlers: {
        'GET /choirs/:choirId/music': () =>
          fail ? apiError(500, 'INTERNAL', 'boom') : json({ items: [AVE], total: 1, page: 1, pageSize: 50 }),
      },
    });
    expect(await screen.findByText(LOAD_FAILED)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Ave verum corpus' })).toBeInTheDocument();
  });

  it('invites an editor to add or import the first piece of an empty library; a member only reads that it is empty', async () => {
    renderLibrary({ items: [] });
    expect(await screen.findByText('Your music library is empty.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add your first piece' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import from CSV' })).toBeInTheDocument();
  });

  it('shows the first piece at once when it is added to an empty library, before the library is read again', async () => {
    const reread = deferred<Response>();
    let reads = 0;
    const { api } = renderLibrary({
      items: [],
      handlers: {
        'GET /choirs/:choirId/music': () => {
          reads += 1;
          return reads === 1 ? json({ items: [], total: 0, page: 1, pageSize: 50 }) : reread.promise;
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add your first piece' }));
    const form = await screen.findByRole('form', { name: 'Add music' });
    await userEvent.type(within(form).getByRole('textbox', { name: /^Title/ }), 'Ave verum corpus');
    await userEvent.click(within(form).getByRole('button', { name: 'Add music' }));
    await waitFor(() => expect(api.count('POST', '/choirs/c1/music')).toBe(1));
    expect(await screen.findByRole('link', { name: 'Ave verum corpus' })).toBeInTheDocument();
    expect(screen.queryByText('Your music library is empty.')).not.toBeInTheDocument();
    expect(screen.getByText('1 piece')).toBeInTheDocument();
    // The library is read again all the same, and its answer is what stays.
    await waitFor(() => expect(reads).toBe(2));
    reread.resolve(json({ items: [{ ...AVE, id: 'm-new' }], total: 1, page: 1, pageSize: 50 }));
    // The form is a long one to fill on a busy machine.
  }, 60_000);

  it('shows a member an empty library without calls to action', async () => {
    renderLibrary({ role: 'member', items: [] });
    expect(await screen.findByText('Your music library is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add your first piece' })).not.toBeInTheDocument();
  });

  it('says when nothing matches the filters, and clears them', async () => {
    const { router } = renderLibrary({ items: [] }, '/dashboard/music?language=Latin');
    expect(await screen.findByText('No music matches these filters.')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('pages through a large library 50 at a time', async () => {
    const { api, router } = renderLibrary({
      handlers: { 'GET /choirs/:choirId/music': () => json({ items: [JESU], total: 120, page: 1, pageSize: 50 }) },
    });
    await screen.findByRole('table', { name: 'Music' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() => expect(listQueries(api.fetch).at(-1)?.get('page')).toBe('3'));
  });

  it('deletes the selected pieces after asking', async () => {
    const { api } = renderLibrary({
      handlers: { 'POST /choirs/:choirId/music/bulk-delete': () => json({ done: ['m1', 'm2'], failed: [] }) },
    });
    await screen.findByRole('table', { name: 'Music' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every piece on this page' }));
    expect(screen.getByText('2 pieces selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete music' });
    expect(api.count('POST', '/choirs/c1/music/bulk-delete')).toBe(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete 2 pieces' }));
    await waitFor(() => expect(api.bodies('POST', '/choirs/c1/music/bulk-delete')).toEqual([{ ids: ['m1', 'm2'] }]));
    await waitFor(() => expect(screen.queryByText('2 pieces selected')).not.toBeInTheDocument());
  });

  it('adds tags to the selected pieces', async () => {
    const { api } = renderLibrary({
      handlers: { 'POST /choirs/:choirId/music/bulk-tag': () => json({ done: ['m2'], failed: [] }) },
    });
    await screen.findByRole('table', { name: 'Music' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Ave verum corpus' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add tags' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Tags to add' }));
    await userEvent.click(await screen.findByRole('option', { name: CHRISTMAS.name }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tags' }));
    await waitFor(() =>
      expect(api.bodies('POST', '/choirs/c1/music/bulk-tag')).toEqual([{ ids: ['m2'], tagIds: [CHRISTMAS.id] }]),
    );
  });

  it('asks about unsaved changes when the person navigates to the library while the form is open', async () => {
    const { router } = renderLibrary();
    await screen.findByRole('table', { name: 'Music' });
    await userEvent.click(screen.getByRole('button', { name: 'Add music' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Ubi caritas');
    await act(() => router.navigate('/dashboard/music'));
    const question = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(question).toHaveTextContent(UNSAVED);
    await userEvent.click(within(question).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add music' })).not.toBeInTheDocument());
  });

  it('closes an untouched form at once when the person navigates to the library', async () => {
    const { router } = renderLibrary();
    await screen.findByRole('table', { name: 'Music' });
    await userEvent.click(screen.getByRole('button', { name: 'Add music' }));
    await screen.findByRole('form', { name: 'Add music' });
    await act(() => router.navigate('/dashboard/music'));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add music' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument();
  });

  it('adds the famous composers and says how many were new', async () => {
    const { api } = renderLibrary({
      handlers: { 'POST /choirs/:choirId/composers/famous': () => json({ added: 98, skipped: 2 }) },
    });
    await screen.findByRole('table', { name: 'Music' });
    await userEvent.click(screen.getByRole('button', { name: 'Add famous composers' }));
    expect(await screen.findByText('98 famous composers added; 2 were already in your library.')).toBeInTheDocument();
    expect(api.count('POST', '/choirs/c1/composers/famous')).toBe(1);
  });

  it('shows cards on a phone, with the filters folded under the search box', async () => {
    const restore = pretendSmallScreen();
    try {
      renderLibrary();
      expect(await screen.findByRole('list', { name: 'Music' })).toBeInTheDocument();
      const toggle = screen.getByRole('button', { name: 'Filters' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await userEvent.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(await screen.findByRole('combobox', { name: 'Voicing' })).toBeVisible();
    } finally {
      restore();
    }
  });

  it('lets an editor edit a piece from the list: the whole piece is read, then saved', async () => {
    const piece = pieceOf({ id: 'm2', title: 'Ave verum corpus', composer: 'Mozart', number: '7' });
    const { api } = renderLibrary({
      handlers: {
        'GET /choirs/:choirId/music/:musicId': () => json(piece),
        'PUT /choirs/:choirId/music/:musicId': (_r, _p, body) => json({ ...piece, ...(body as object) }),
      },
    });
    await screen.findByRole('table', { name: 'Music' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Ave verum corpus' }));
    const form = await screen.findByRole('form', { name: 'Edit music' });
    expect(within(form).getByRole('textbox', { name: /^Title/ })).toHaveValue('Ave verum corpus');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Subtitle' }), 'K. 618');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.bodies('PUT', '/choirs/c1/music/m2')).toHaveLength(1));
    expect(api.bodies('PUT', '/choirs/c1/music/m2')[0]).toMatchObject({ title: 'Ave verum corpus', subtitle: 'K. 618', number: '7' });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit music' })).not.toBeInTheDocument());
  });

  it('says so when the piece to edit cannot be read', async () => {
    renderLibrary({ handlers: { 'GET /choirs/:choirId/music/:musicId': () => apiError(500, 'INTERNAL', 'boom') } });
    await screen.findByRole('table', { name: 'Music' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Ave verum corpus' }));
    expect(await screen.findByText(LOAD_FAILED)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit music' })).not.toBeInTheDocument();
  });

  it('gives a member no edit buttons', async () => {
    renderLibrary({ role: 'member' });
    await screen.findByRole('link', { name: 'Ave verum corpus' });
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });
});
