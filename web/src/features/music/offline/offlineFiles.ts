// Which of a piece's files are made available offline, and under which
// addresses: those the piece page and the practice studio ask for, so that
// the service worker answers them from the cache unchanged (src/sw/offlineMusic.ts).
import type { KeptFile, KeptPiece } from '../../../app/pwa/keptMusic';
import type { Attachment } from '../api';
import { attachmentFileUrl } from '../attachments';
import { isMyPart } from '../practice/mix';

/**
 * offlineAttachments is what a singer keeps of a piece (issue 31): the score,
 * the full recording and the recordings of their own voice parts; a piece
 * with a single part recording and no full one keeps that (the studio plays it).
 */
export function offlineAttachments(attachments: readonly Attachment[], myParts: readonly string[]): Attachment[] {
  const parts = attachments.filter((a) => a.type === 'audio_part');
  const score = attachments.find((a) => a.type === 'score');
  const full = attachments.find((a) => a.type === 'audio_full');
  const mine = parts.filter((p) => isMyPart(p.customPartName.trim() || p.description.trim() || p.fileName, myParts) || (!full && parts.length === 1));
  return [score, full, ...mine].filter((a): a is Attachment => !!a);
}

/** keptFiles is the record of each file kept: its address, size and version. */
export function keptFiles(choirId: string, musicId: string, attachments: readonly Attachment[]): KeptFile[] {
  return attachments.map((a) => ({
    url: attachmentFileUrl(choirId, musicId, a.id),
    bytes: a.sizeBytes,
    version: a.updatedAt ?? a.createdAt,
  }));
}

/** pieceAnswers are the answers the studio opens a piece with: the piece, its markers, my practice of it. */
export function pieceAnswers(choirId: string, musicId: string): string[] {
  const piece = `/api/v1/choirs/${encodeURIComponent(choirId)}/music/${encodeURIComponent(musicId)}`;
  return [piece, `${piece}/markers`, `${piece}/practice/me`];
}

/**
 * keptOnly narrows a piece's files to those this device keeps: offline, the
 * studio plays what it has (my part and the full recording) rather than
 * failing on a part it never stored.
 */
export function keptOnly(choirId: string, musicId: string, attachments: readonly Attachment[], kept: KeptPiece): Attachment[] {
  const urls = new Set(kept.files.map((f) => f.url));
  return attachments.filter((a) => urls.has(attachmentFileUrl(choirId, musicId, a.id)));
}

/**
 * isOutdated says whether a kept piece holds a file the director has since
 * replaced or removed: the worker answers kept files first, so such a piece
 * must be stored again rather than play the old recording.
 */
export function isOutdated(kept: KeptPiece, attachments: readonly Attachment[]): boolean {
  const current = new Map(keptFiles(kept.choirId, kept.musicId, attachments).map((f) => [f.url, f.version]));
  return kept.files.some((f) => current.get(f.url) !== f.version);
}
