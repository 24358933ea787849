import { describe, expect, it } from 'vitest';
import { attachment } from '../pieceTesting';
import { isOutdated, keptFiles, keptOnly, offlineAttachments } from './offlineFiles';

const score = attachment({ id: 'score', fileName: 'score.pdf', type: 'score', sizeBytes: 400 });
const full = attachment({ id: 'full', fileName: 'full.mp3', type: 'audio_full', sizeBytes: 3000 });
const part = (id: string, customPartName: string) => attachment({ id, fileName: `${id}.mp3`, type: 'audio_part', customPartName, sizeBytes: 1000 });
const soprano = part('s', 'Soprano 1');
const alto = part('a', 'Alto');
const tenor = part('t', 'Tenor');
const midi = attachment({ id: 'midi', fileName: 'piece.mid', type: 'midi' });

describe('what a singer keeps of a piece offline', () => {
  it('is the score, the full recording and the recordings of their own parts', () => {
    const files = offlineAttachments([midi, tenor, score, soprano, full, alto], ['Alto']);
    expect(files.map((f) => f.id)).toEqual(['score', 'full', 'a']);
    expect(offlineAttachments([score, soprano, alto, full], ['Soprano', 'Alto']).map((f) => f.id)).toEqual(['score', 'full', 's', 'a']);
  });

  it('is the only part recording of a piece without a full one (the studio plays it), and no other part of someone else', () => {
    expect(offlineAttachments([score, tenor], ['Alto']).map((f) => f.id)).toEqual(['score', 't']);
    expect(offlineAttachments([score, tenor, soprano], ['Alto']).map((f) => f.id)).toEqual(['score']);
  });

  it('is kept under the addresses the studio asks for, and offline the studio uses only those', () => {
    const kept = keptFiles('c1', 'm1', [score, alto]);
    expect(kept).toEqual([
      { url: '/api/v1/choirs/c1/music/m1/attachments/score/file', bytes: 400, version: score.createdAt },
      { url: '/api/v1/choirs/c1/music/m1/attachments/a/file', bytes: 1000, version: alto.createdAt },
    ]);
    const record = { choirId: 'c1', musicId: 'm1', title: 'Ave', files: kept, answers: [], expiresAt: 0 };
    expect(keptOnly('c1', 'm1', [score, soprano, alto, tenor], record).map((f) => f.id)).toEqual(['score', 'a']);
  });

  it('is outdated once the director replaces or removes a kept file, not when another file is added', () => {
    const record = { choirId: 'c1', musicId: 'm1', title: 'Ave', files: keptFiles('c1', 'm1', [score, alto]), answers: [], expiresAt: 0 };
    expect(isOutdated(record, [score, alto, tenor])).toBe(false);
    expect(isOutdated(record, [score, { ...alto, updatedAt: '2026-12-01T10:00:00Z' }])).toBe(true);
    expect(isOutdated(record, [score])).toBe(true);
  });
});
