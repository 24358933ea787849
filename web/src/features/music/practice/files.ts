// Which of a piece's files the practice studio uses.
import type { Attachment } from '../api';

/** practiceFiles is what the studio plays and shows: the score, and the part recordings or one recording. */
export function practiceFiles(attachments: readonly Attachment[]) {
  const score = attachments.find((a) => a.type === 'score') ?? null;
  const parts = attachments.filter((a) => a.type === 'audio_part');
  const recording = attachments.find((a) => a.type === 'audio_full') ?? parts[0] ?? null;
  return { score, parts: parts.length >= 2 ? parts : [], recording };
}

/** canPractise: the studio has something to show, a score or a recording. */
export const canPractise = (attachments: readonly Attachment[]) => {
  const { score, recording } = practiceFiles(attachments);
  return !!score || !!recording;
};

