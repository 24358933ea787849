// Practice tracking, kept pure so that the counting is tested with a fake
// clock. What counts is time ACTUALLY played, in real (wall-clock) seconds:
// a singer at 50 % for a minute has practised a minute, not thirty seconds
// of the recording. Pauses count nothing; a seek or a loop's jump back to A
// takes no time, so it adds nothing either — only the playing on either side
// of it counts. Nor does waiting for data: between two reports of where the
// music is, what counts is how far it moved (at the speed it played), never
// more than the time that passed, so seconds spent buffering, when the
// position stands still, count nothing.
import type { TransportEvent } from './transport';

export interface PracticeFigures {
  playedSeconds: number; // cumulative for the session
  loops: number; // A→B wraps, cumulative
  position: number; // seconds into the recording
  speed: number;
}

export class PracticeTracker {
  private played = 0; // ms counted so far
  /** While playing: where the music was and when, as last counted. */
  private mark: { media: number; at: number } | null = null;
  private loops = 0;
  private position = 0;
  private speed = 1;

  constructor(private readonly now: () => number) {}

  /**
   * handle takes every Transport event. A change of speed is handled
   * before setSpeed, so that the time before it counts at the old speed.
   */
  handle(event: TransportEvent) {
    switch (event.type) {
      case 'play':
        if (this.mark) this.advance(event.time);
        else this.mark = { media: event.time, at: this.now() };
        this.position = event.time;
        break;
      case 'pause':
      case 'ended':
        this.advance(event.time);
        this.mark = null;
        break;
      case 'seek':
        this.advance(event.from);
        this.position = event.to;
        if (this.mark) this.mark = { media: event.to, at: this.now() };
        break;
      case 'timeupdate':
      case 'ratechange':
        this.advance(event.time);
        break;
      case 'durationchange':
        this.position = event.time;
        break;
    }
  }

  /** loop counts one pass of the A–B loop (the jump itself is a seek). */
  loop() {
    this.loops++;
  }

  setSpeed(speed: number) {
    this.speed = speed;
  }

  isPlaying() {
    return this.mark !== null;
  }

  figures(): PracticeFigures {
    return {
      // Whole milliseconds summed, then tenths of a second: no float drift.
      playedSeconds: Math.round(this.played / 100) / 10,
      loops: this.loops,
      position: Math.round(this.position * 10) / 10,
      speed: this.speed,
    };
  }

  /** advance counts the playing up to the music being at `time` now. */
  private advance(time: number) {
    this.position = time;
    if (!this.mark) return;
    const at = this.now();
    const heard = ((time - this.mark.media) / this.speed) * 1000;
    this.played += Math.round(Math.max(0, Math.min(heard, at - this.mark.at)));
    this.mark = { media: time, at };
  }
}

/** localDay is the singer's own calendar day, YYYY-MM-DD, for the report. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
