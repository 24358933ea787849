// Calls and cache keys of a piece's files: upload (with progress, by
// XMLHttpRequest, since fetch reports no upload progress), change, replace,
// delete, and the address a file is played or downloaded from.
import { useQueryClient } from '@tanstack/react-query';
import { api, HttpError, unwrap, type ApiError } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { ERROR_CONTEXT_MESSAGES } from '../../app/errors';
import { useSubmission } from '../../app/mutations';
import { musicKeys } from './api';

export type Attachment = components['schemas']['Attachment'];
export type AttachmentType = components['schemas']['AttachmentType'];
export type AttachmentUpdate = components['schemas']['AttachmentUpdate'];

/** The attachment types in the order they are offered, with their names. */
export const ATTACHMENT_TYPES: readonly { value: AttachmentType; label: string }[] = [
  { value: 'score', label: 'Score (PDF)' },
  { value: 'audio_full', label: 'Full recording' },
  { value: 'audio_part', label: 'Part recording' },
  { value: 'musicxml', label: 'MusicXML' },
  { value: 'midi', label: 'MIDI' },
  { value: 'other', label: 'Other' },
];

export function attachmentTypeLabel(type: AttachmentType): string {
  return ATTACHMENT_TYPES.find((t) => t.value === type)?.label ?? 'Other';
}

export const isAudio = (a: Pick<Attachment, 'type'>) => a.type === 'audio_full' || a.type === 'audio_part';

const AUDIO_EXTENSIONS = ['mp3', 'm4a', 'aac', 'ogg', 'oga', 'opus', 'wav', 'flac'];

/** guessAttachmentType preselects a file's type from its extension, then its MIME type. */
export function guessAttachmentType(file: Pick<File, 'name' | 'type'>): AttachmentType {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (ext === 'pdf' || file.type === 'application/pdf') return 'score';
  if (AUDIO_EXTENSIONS.includes(ext) || file.type.startsWith('audio/')) return 'audio_full';
  if (['musicxml', 'mxl', 'xml'].includes(ext) || file.type.includes('musicxml')) return 'musicxml';
  if (['mid', 'midi'].includes(ext) || file.type.includes('midi')) return 'midi';
  return 'other';
}

/** formatBytes: '512 B', '1.5 KB', '12.3 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

const base = (choirId: string, musicId: string) =>
  `/api/v1/choirs/${encodeURIComponent(choirId)}/music/${encodeURIComponent(musicId)}/attachments`;

/**
 * attachmentFileUrl is where a file is played (audio with Range requests)
 * or, with download, saved; a plain same-origin address, so the session
 * cookie rides along and no storage address is ever handed out.
 */
export function attachmentFileUrl(choirId: string, musicId: string, attachmentId: string, download = false): string {
  return `${base(choirId, musicId)}/${encodeURIComponent(attachmentId)}/file${download ? '?download=true' : ''}`;
}

export interface AttachmentFields {
  type: AttachmentType;
  description: string;
  customPartName: string;
}

export interface Transfer {
  /** Called as bytes go out, with the share sent from 0 to 1. */
  onProgress?: (share: number) => void;
  /** Aborting it cancels the upload. */
  signal?: AbortSignal;
}

/** PART_NAME_REQUIRED is said when a part recording names no part. */
export const PART_NAME_REQUIRED = 'Name the part this recording is of, such as "Soprano 1".';

/** UPLOAD_MESSAGES are what a person reads when a file does not go through. */
export const UPLOAD_MESSAGES = {
  failed: ERROR_CONTEXT_MESSAGES.music.upload,
  unsupported: 'This kind of file is not supported. Upload a PDF score, a recording (MP3, M4A/AAC, OGG/Opus, WAV or FLAC), MusicXML or MIDI.',
  tooLarge: 'This file is larger than the server accepts.',
  cancelled: 'Upload cancelled.',
} as const;

/** uploadErrorMessage says in plain words why a file was refused. */
export function uploadErrorMessage(err: unknown): string {
  if (isCancelled(err)) return UPLOAD_MESSAGES.cancelled;
  if (err instanceof HttpError) {
    // The server's own words name its limit; a proxy's refusal carries none.
    if (err.status === 413) return err.body?.message || UPLOAD_MESSAGES.tooLarge;
    if (err.status === 415) return err.body?.message || UPLOAD_MESSAGES.unsupported;
    if (err.status === 400 && err.body?.message) return err.body.message;
  }
  return UPLOAD_MESSAGES.failed;
}

export const isCancelled = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * refusesFile says whether a refusal is of the file itself: larger than the
 * server takes (413) or not a kind it takes (415). Sending the same file
 * again would be refused again, so it is not offered.
 */
export const refusesFile = (err: unknown) => err instanceof HttpError && (err.status === 413 || err.status === 415);

/** uploadLimit words the upload limit as the server does: '200 MB'. */
export function uploadLimit(bytes: number): string {
  const mib = 1024 * 1024;
  return bytes >= mib && bytes % mib === 0 ? `${bytes / mib} MB` : `${bytes}-byte`;
}

/**
 * tooLarge is the server's refusal of a file over the upload limit, said
 * before the file is sent: a server refusing a large body early may cut the
 * connection, and the browser then shows a reset instead of its words.
 */
export function tooLarge(file: Pick<File, 'size'>, maxUploadBytes: number | undefined): string | null {
  if (maxUploadBytes === undefined || file.size <= maxUploadBytes) return null;
  return `This file is larger than the ${uploadLimit(maxUploadBytes)} limit. Please choose a smaller file.`;
}

/**
 * sendFile sends one file as multipart/form-data, the fields first and the
 * file last (the server streams it), and resolves to the server's answer.
 * It rejects with an HttpError for a refusal, a TypeError the error
 * normalisation reads as a network failure, or an AbortError when cancelled.
 * The browser adds the session cookie and the Origin and Sec-Fetch-Site
 * headers the server's cross-origin protection checks, as for fetch.
 */
export function sendFile(method: 'POST' | 'PUT', url: string, fields: Partial<AttachmentFields>, file: File, transfer: Transfer = {}) {
  const { onProgress, signal } = transfer;
  return new Promise<Attachment>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const form = new FormData();
    if (fields.type) form.append('type', fields.type);
    if (fields.description !== undefined) form.append('description', fields.description);
    if (fields.customPartName !== undefined) form.append('customPartName', fields.customPartName);
    form.append('file', file, file.name);

    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      done();
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(body as Attachment);
      } else {
        reject(new HttpError(xhr.status, body as Partial<ApiError> | undefined, xhr.statusText));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network request failed'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    };
    signal?.addEventListener('abort', abort);
    xhr.send(form);
  });
}

/** What one upload needs: the file, what it is, and how to follow it. */
export interface UploadRequest extends Transfer {
  file: File;
  fields: AttachmentFields;
}

/** usePieceChanged re-reads the piece (its files), the library's pages (their score and audio marks) and the choir's storage. */
function usePieceChanged(choirId: string, musicId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: musicKeys.piece(choirId, musicId) });
    void queryClient.invalidateQueries({ queryKey: musicKeys.lists(choirId) });
    void queryClient.invalidateQueries({ queryKey: musicKeys.storage(choirId) });
  };
}

/**
 * useUploadAttachment uploads files to a piece. Several may run at once,
 * so callers follow each with mutateAsync; the uploader shows each file's
 * progress and refusal beside it rather than in a toast.
 */
export function useUploadAttachment(choirId: string, musicId: string) {
  const changed = usePieceChanged(choirId, musicId);
  return useSubmission({
    mutationFn: ({ file, fields, ...transfer }: UploadRequest) => sendFile('POST', base(choirId, musicId), fields, file, transfer),
    onSuccess: changed,
  });
}

/** useReplaceAttachmentFile puts a new file in an attachment's place (stored under a new name). */
export function useReplaceAttachmentFile(choirId: string, musicId: string) {
  const changed = usePieceChanged(choirId, musicId);
  return useSubmission({
    mutationFn: ({ attachment, file, ...transfer }: Transfer & { attachment: Attachment; file: File }) =>
      sendFile('PUT', attachmentFileUrl(choirId, musicId, attachment.id), {}, file, transfer),
    onSuccess: changed,
  });
}

/** useUpdateAttachment changes an attachment's type, description or part name. */
export function useUpdateAttachment(choirId: string, musicId: string) {
  const changed = usePieceChanged(choirId, musicId);
  return useSubmission({
    mutationFn: async ({ attachmentId, body }: { attachmentId: string; body: AttachmentUpdate }) =>
      unwrap(
        await api.PATCH('/choirs/{choirId}/music/{musicId}/attachments/{attachmentId}', {
          params: { path: { choirId, musicId, attachmentId } },
          body,
        }),
      ),
    meta: { submission: { errorMessage: ERROR_CONTEXT_MESSAGES.music.save } },
    onSuccess: changed,
  });
}

/** useDeleteAttachment deletes an attachment and its file. */
export function useDeleteAttachment(choirId: string, musicId: string) {
  const changed = usePieceChanged(choirId, musicId);
  return useSubmission({
    mutationFn: async (attachmentId: string) => {
      unwrap(
        await api.DELETE('/choirs/{choirId}/music/{musicId}/attachments/{attachmentId}', {
          params: { path: { choirId, musicId, attachmentId } },
        }),
      );
    },
    meta: { submission: { successMessage: 'File deleted', errorMessage: ERROR_CONTEXT_MESSAGES.music.save } },
    onSettled: changed,
  });
}
