// Test helpers of the piece page: a piece on a stubbed server, the page in a
// router, and an XMLHttpRequest the test answers by hand (uploads).
import { createMemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { apiError, json, noContent, stubFetch, type Handler } from '../../test/api';
import { ada, details, membership, sessionOf } from '../../test/fixtures';
import { renderWithProviders, resetToasts } from '../../test/render';
import type { Attachment } from './attachments';
import { LIBRARY_PATH, MusicPiecePage } from './MusicPiecePage';
import type { MusicPiece } from './api';

// jsdom lacks scrollIntoView; Mantine's Select calls it to show the selected option.
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

export const CHOIR_ID = 'c1';
export const PIECE_PATH = '/dashboard/music/:id';

export function attachment(extra: Partial<Attachment> & Pick<Attachment, 'id' | 'fileName' | 'type'>): Attachment {
  return {
    musicId: 'm1',
    contentType: 'application/octet-stream',
    sizeBytes: 2048,
    description: '',
    customPartName: '',
    createdAt: '2026-01-01T10:00:00Z',
    ...extra,
  };
}

export const SCORE = attachment({ id: 'a1', fileName: 'ave-verum.pdf', type: 'score', contentType: 'application/pdf', sizeBytes: 1_572_864 });
export const RECORDING = attachment({
  id: 'a2',
  fileName: 'ave-verum.mp3',
  type: 'audio_full',
  contentType: 'audio/mpeg',
  description: 'Cathedral choir, 2019',
});
export const SOPRANO = attachment({
  id: 'a3',
  fileName: 'soprano.mp3',
  type: 'audio_part',
  contentType: 'audio/mpeg',
  customPartName: 'Soprano 1',
});

export function piece(extra: Partial<MusicPiece> = {}): MusicPiece {
  return {
    id: 'm1',
    choirId: CHOIR_ID,
    title: 'Ave verum corpus',
    subtitle: 'K. 618',
    composer: 'Wolfgang Amadeus Mozart',
    composerId: 'co1',
    composerRecord: {
      id: 'co1',
      name: 'Wolfgang Amadeus Mozart',
      canonicalName: 'Mozart',
      aliases: [],
      birthYear: 1756,
      deathYear: 1791,
      period: 'Classical',
    },
    arranger: '',
    lyricist: '',
    number: '42',
    language: 'Latin',
    durationMinutes: 75,
    rehearsalWeighting: 5,
    transpositionSemitones: 0,
    isArchived: false,
    createdAt: '2026-01-01T10:00:00Z',
    updatedAt: '2026-01-02T10:00:00Z',
    type: { id: 't1', name: 'Motet' },
    voicings: [
      { voicingId: 'v1', name: 'SATB', numDistinctParts: 4, isPrimary: true },
      { voicingId: 'v2', name: 'SSA', numDistinctParts: 3, isPrimary: false },
    ],
    tags: [{ id: 'tg1', name: 'Eucharist', color: '#3b82f6', musicCount: 3 }],
    attachments: [SCORE, RECORDING, SOPRANO],
    ...extra,
  };
}

export interface PieceServer {
  role?: 'choir_admin' | 'member' | 'guest';
  piece?: MusicPiece | null;
  handlers?: Record<string, Handler>;
}

/** The upload limit the stubbed server states: 1 MB. */
export const MAX_UPLOAD_BYTES = 1024 * 1024;

/**
 * servePiece stubs the server of one choir (c1) whose member the user is,
 * with the given role, and one piece; handlers given replace or add.
 */
export function servePiece({ role = 'choir_admin', piece: initial = piece(), handlers = {} }: PieceServer = {}) {
  const bach = membership(CHOIR_ID, 'Bach Choir', role);
  const state = { piece: initial };
  const server = stubFetch({
    'GET /auth/session': () => json(sessionOf({ ...ada, lastAccessedChoirId: CHOIR_ID }, [bach])),
    'GET /choirs/:choirId': () => json(details(bach)),
    'GET /choirs/:choirId/music/storage': () => json({ usedBytes: 4096, maxUploadBytes: MAX_UPLOAD_BYTES }),
    'GET /choirs/:choirId/music/:musicId': (_r, { musicId }) =>
      state.piece && state.piece.id === musicId ? json(state.piece) : apiError(404, 'NOT_FOUND', 'Music piece not found.'),
    // What the edit form reads.
    'GET /choirs/:choirId/tags': () => json(state.piece?.tags ?? []),
    'GET /choirs/:choirId/composers': () => json([]),
    'GET /choirs/:choirId/composers/match': () =>
      json({ recommendation: 'create_new', confidence: 0, matches: [], famousSuggestions: [] }),
    'GET /choirs/:choirId/voicings': () => json([]),
    'GET /choirs/:choirId/music-types': () => json([{ id: 't1', name: 'Motet' }]),
    'GET /choirs/:choirId/music-categories': () => json([]),
    'GET /choirs/:choirId/music/numbers': () => json({ numbers: ['42'], next: '43' }),
    // The practice sections of the page and the studio.
    'GET /choirs/:choirId/music/:musicId/practice/me': () => json({ totalSeconds: 0, loops: 0, lastPosition: 0, speed: 1, days: [], voiceParts: [] }),
    'GET /choirs/:choirId/music/:musicId/practice': () => json({ members: [], voiceParts: [] }),
    'GET /choirs/:choirId/music/:musicId/markers': () => json({ markers: [] }),
    'GET /choirs/:choirId/music/:musicId/attachments/:attachmentId/file': () =>
      new Response(new Uint8Array(16), { headers: { 'Content-Type': 'application/octet-stream' } }),
    'POST /choirs/:choirId/music/:musicId/archive': () => {
      state.piece = { ...state.piece!, isArchived: true };
      return json(state.piece);
    },
    'POST /choirs/:choirId/music/:musicId/restore': () => {
      state.piece = { ...state.piece!, isArchived: false };
      return json(state.piece);
    },
    'DELETE /choirs/:choirId/music/:musicId': () => {
      state.piece = null;
      return noContent();
    },
    'PATCH /choirs/:choirId/music/:musicId/attachments/:attachmentId': (_r, { attachmentId }, body) => {
      const changed = { ...state.piece!.attachments.find((a) => a.id === attachmentId)!, ...(body as Partial<Attachment>) };
      state.piece = { ...state.piece!, attachments: state.piece!.attachments.map((a) => (a.id === attachmentId ? changed : a)) };
      return json(changed);
    },
    'DELETE /choirs/:choirId/music/:musicId/attachments/:attachmentId': (_r, { attachmentId }) => {
      state.piece = { ...state.piece!, attachments: state.piece!.attachments.filter((a) => a.id !== attachmentId) };
      return noContent();
    },
    ...handlers,
  });
  return { ...server, state };
}

function Library() {
  const location = useLocation();
  return (
    <div>
      <h1>Library</h1>
      <p data-testid="location">{location.pathname}</p>
    </div>
  );
}

/** renderPiece renders the piece page at /dashboard/music/{id}, the library a stand-in. */
export function renderPiece(id = 'm1', search = '') {
  resetToasts();
  const router = createMemoryRouter(
    [
      { path: PIECE_PATH, element: <MusicPiecePage /> },
      { path: LIBRARY_PATH, element: <Library /> },
    ],
    { initialEntries: [`/dashboard/music/${id}${search}`] },
  );
  return renderWithProviders(router);
}

/**
 * FakeUpload is an XMLHttpRequest the test drives: what was sent, progress
 * to report, an answer to give. Install it with fakeUploads().
 */
export class FakeUpload {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeUpload.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  /** progress reports bytes sent out of the whole. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }

  static sent: FakeUpload[] = [];
}

/** fakeUploads puts FakeUpload in XMLHttpRequest's place for one test. */
export function fakeUploads() {
  FakeUpload.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  return FakeUpload.sent;
}

/**
 * stubObjectUrls stands in for URL.createObjectURL, which jsdom lacks (the
 * practice player plays its downloaded recording from one), until restored.
 */
export function stubObjectUrls(url = 'blob:recording') {
  const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = vi.fn(() => url);
  URL.revokeObjectURL = vi.fn();
  return () => {
    URL.createObjectURL = saved.create;
    URL.revokeObjectURL = saved.revoke;
  };
}
