// Practice tracking, kept pure so that the counting is tested with a fake
// clock. What counts is time ACTUALLY played, in real (wall-clock) seconds:
// a singer at 50 % for a minute has practised a minute, not thirty seconds
// of the recording. Pauses count nothing; a seek or a loop's jump back to A
// takes no time, so it adds nothing either — only the playing on either side
// of it counts.
import type { TransportEvent } from './transport';

export interface PracticeFigures {
  playedSeconds: number; // cumulative for the session
  loops: number; // A→B wraps, cumulative
  position: number; // seconds into the recording
  speed: number;
}

export class PracticeTracker {
  private played = 0; // ms, closed stretches of playing
  private since: number | null = null; // ms, start of the current stretch
  private loops = 0;
  private position = 0;
  private speed = 1;

  constructor(private readonly now: () => number) {}

  /** handle takes every Transport event. */
  handle(event: TransportEvent) {
    switch (event.type) {
      case 'play':
        if (this.since === null) this.since = this.now();
        this.position = event.time;
        break;
      case 'pause':
      case 'ended':
        this.stop();
        this.position = event.time;
        break;
      case 'seek':
        this.position = event.to;
        break;
      case 'timeupdate':
      case 'ratechange':
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
    return this.since !== null;
  }

  figures(): PracticeFigures {
    const open = this.since === null ? 0 : this.now() - this.since;
    return {
      // Whole milliseconds summed, then tenths of a second: no float drift.
      playedSeconds: Math.round((this.played + open) / 100) / 10,
      loops: this.loops,
      position: Math.round(this.position * 10) / 10,
      speed: this.speed,
    };
  }

  private stop() {
    if (this.since === null) return;
    this.played += Math.max(0, this.now() - this.since);
    this.since = null;
  }
}

/** localDay is the singer's own calendar day, YYYY-MM-DD, for the report. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
