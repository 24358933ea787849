import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../api/client';
import { attachmentFileUrl, formatBytes, guessAttachmentType, sendFile, uploadErrorMessage, UPLOAD_MESSAGES } from './attachments';
import { difficultyLabel, formatDuration, formatTransposition } from './format';
import { fakeUploads } from './pieceTesting';

const file = (name: string, type = '', size = 10) => new File([new Uint8Array(size)], name, { type });

describe('attachment types', () => {
  it.each([
    ['score.PDF', '', 'score'],
    ['scan', 'application/pdf', 'score'],
    ['take.mp3', '', 'audio_full'],
    ['take.m4a', '', 'audio_full'],
    ['take.opus', '', 'audio_full'],
    ['take.flac', '', 'audio_full'],
    ['voice', 'audio/wav', 'audio_full'],
    ['score.musicxml', '', 'musicxml'],
    ['score.mxl', '', 'musicxml'],
    ['tune.mid', '', 'midi'],
    ['notes.txt', 'text/plain', 'other'],
  ])('preselects %s (%s) as %s', (name, type, expected) => {
    expect(guessAttachmentType(file(name, type))).toBe(expected);
  });
});

describe('sizes and display rules', () => {
  it('words sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
  });

  it('words durations under an hour in minutes, from an hour in hours and minutes', () => {
    expect(formatDuration(5)).toBe('5 min');
    expect(formatDuration(59)).toBe('59 min');
    expect(formatDuration(60)).toBe('1h');
    expect(formatDuration(90)).toBe('1h 30min');
    expect(formatDuration(120)).toBe('2h');
  });

  it('words difficulty: 1 to 3 easy, 4 to 6 moderate, above challenging', () => {
    expect([1, 3, 4, 6, 7, 10].map(difficultyLabel)).toEqual(['Easy', 'Easy', 'Moderate', 'Moderate', 'Challenging', 'Challenging']);
    expect(formatTransposition(2)).toBe('+2 semitones');
    expect(formatTransposition(-1)).toBe('−1 semitone');
  });

  it('serves files from the API, never from storage', () => {
    expect(attachmentFileUrl('c 1', 'm1', 'a1')).toBe('/api/v1/choirs/c%201/music/m1/attachments/a1/file');
    expect(attachmentFileUrl('c1', 'm1', 'a1', true)).toBe('/api/v1/choirs/c1/music/m1/attachments/a1/file?download=true');
  });
});

describe('sendFile', () => {
  it('sends the fields first and the file last, reporting progress', async () => {
    const sent = fakeUploads();
    const progress = vi.fn();
    const done = sendFile('POST', '/api/v1/x', { type: 'audio_part', description: 'Slow', customPartName: 'Alto' }, file('alto.mp3'), {
      onProgress: progress,
    });
    const xhr = sent[0];
    expect(xhr.method).toBe('POST');
    expect([...xhr.body!.keys()]).toEqual(['type', 'description', 'customPartName', 'file']);
    expect((xhr.body!.get('file') as File).name).toBe('alto.mp3');
    xhr.progress(25, 100);
    expect(progress).toHaveBeenLastCalledWith(0.25);
    xhr.respond(201, { id: 'a9' });
    await expect(done).resolves.toEqual({ id: 'a9' });
    expect(progress).toHaveBeenLastCalledWith(1);
  });

  it('rejects a refusal with the server’s words, and says what went wrong in plain words', async () => {
    const sent = fakeUploads();
    const tooLarge = sendFile('POST', '/x', {}, file('big.wav'));
    sent[0].respond(413, { code: 'FILE_TOO_LARGE', message: 'Files can be at most 100 MB.' });
    const err = await tooLarge.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(uploadErrorMessage(err)).toBe('Files can be at most 100 MB.');

    expect(uploadErrorMessage(new HttpError(413, undefined))).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(uploadErrorMessage(new HttpError(415, undefined))).toBe(UPLOAD_MESSAGES.unsupported);
    expect(uploadErrorMessage(new HttpError(500, { message: 'boom' }))).toBe(
      'Music upload failed. Please check your file and try again.',
    );

    const lost = sendFile('POST', '/x', {}, file('a.pdf'));
    sent[1].fail();
    expect(uploadErrorMessage(await lost.catch((e: unknown) => e))).toBe(UPLOAD_MESSAGES.failed);
  });

  it('stops when cancelled', async () => {
    const sent = fakeUploads();
    const controller = new AbortController();
    const upload = sendFile('PUT', '/x', {}, file('a.pdf'), { signal: controller.signal });
    controller.abort();
    expect(sent[0].aborted).toBe(true);
    const err = await upload.catch((e: unknown) => e);
    expect(uploadErrorMessage(err)).toBe(UPLOAD_MESSAGES.cancelled);
  });
});
