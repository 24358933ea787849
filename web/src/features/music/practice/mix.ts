// The part mixer's arithmetic, kept apart from Web Audio so it can be
// tested: what each part's gain node is set to, and the "My part" preset.

/** One part's faders as the singer set them. */
export interface PartMix {
  /** 0 … 1 */
  volume: number;
  muted: boolean;
  solo: boolean;
  /** −1 (left) … 1 (right) */
  pan: number;
}

/** The gain a part gets in "My part" for the others: audible but in the background. */
export const OTHERS_VOLUME = 0.35;
/** How far apart the other parts are spread, so the ear can still tell them apart. */
const OTHERS_SPREAD = 0.8;

export const neutralMix = (): PartMix => ({ volume: 1, muted: false, solo: false, pan: 0 });

/** resetMix: every part at full volume, centred, nothing muted or soloed. */
export function resetMix(count: number): PartMix[] {
  return Array.from({ length: count }, neutralMix);
}

/**
 * effectiveGains is what each part's gain node is set to: its volume,
 * silenced when muted, and — as soon as any part is soloed — silenced
 * unless it is soloed too. A soloed part that is also muted stays silent:
 * mute is the more deliberate of the two.
 */
export function effectiveGains(mixes: readonly PartMix[]): number[] {
  const anySolo = mixes.some((m) => m.solo);
  return mixes.map((m) => (m.muted || (anySolo && !m.solo) ? 0 : clamp(m.volume, 0, 1)));
}

const words = (s: string) => s.trim().toLowerCase().split(/\s+/).filter(Boolean);

/**
 * isMyPart says whether a recording's part name ("Soprano 1") is one of the
 * singer's voice parts ("Soprano"), ignoring case: either name, word by
 * word, begins with the other, so "Soprano 1" matches "Soprano" and a
 * "Soprano 1" singer also gets a plain "Soprano" recording, while
 * "Soprano" never matches "Sopranino" or "Mezzo-soprano".
 */
export function isMyPart(partName: string, voiceParts: readonly string[]): boolean {
  const part = words(partName);
  if (part.length === 0) return false;
  return voiceParts.some((voice) => {
    const v = words(voice);
    if (v.length === 0) return false;
    const n = Math.min(v.length, part.length);
    return v.slice(0, n).join(' ') === part.slice(0, n).join(' ');
  });
}

/**
 * myPartMix is the "My part" preset: the singer's parts at full volume and
 * centred, the others at OTHERS_VOLUME and spread from left to right. It
 * returns null when none of the parts is the singer's, so the button can
 * say so instead of silently doing nothing.
 */
export function myPartMix(partNames: readonly string[], voiceParts: readonly string[]): PartMix[] | null {
  const mine = partNames.map((name) => isMyPart(name, voiceParts));
  if (!mine.some(Boolean)) return null;
  const others = mine.filter((m) => !m).length;
  let k = 0;
  return mine.map((m) => {
    if (m) return neutralMix();
    let pan = others === 1 ? -OTHERS_SPREAD / 2 : -OTHERS_SPREAD + (2 * OTHERS_SPREAD * k) / (others - 1);
    // The centre is the singer's own: the middle one of an odd number of
    // others steps aside, half-way to its left neighbour.
    if (Math.abs(pan) < 0.01) pan = -OTHERS_SPREAD / (others - 1);
    k++;
    return { volume: OTHERS_VOLUME, muted: false, solo: false, pan: round2(pan) };
  });
}

/** The longest part name a practice report carries (the server's bound). */
export const MAX_PART_NAME = 100;

/**
 * practisedPart names what a mix brings forward for the practice report:
 * the parts at the loudest gain while some other part is quieter (soloed,
 * the others muted or turned down, "My part"), joined by ', '. When every
 * part sounds alike the singer practises the whole piece: no part.
 */
export function practisedPart(partNames: readonly string[], mixes: readonly PartMix[]): string | undefined {
  const gains = effectiveGains(mixes);
  const loudest = Math.max(0, ...gains);
  if (loudest === 0 || gains.every((g) => g === loudest)) return undefined;
  const named = partNames.filter((_, i) => gains[i] === loudest).join(', ');
  return Array.from(named).slice(0, MAX_PART_NAME).join('');
}

/** percent words a 0 … 1 value as the sliders show it: "35 %". */
export const percent = (value: number) => `${Math.round(value * 100)} %`;

/** panLabel words a pan position: "Centre", "L 40", "R 80". */
export function panLabel(pan: number): string {
  const p = Math.round(pan * 100);
  if (p === 0) return 'Centre';
  return p < 0 ? `L ${-p}` : `R ${p}`;
}

function clamp(v: number, lo: number, hi: number) {
  return Math.min(hi, Math.max(lo, v));
}

const round2 = (v: number) => Math.round(v * 100) / 100;
