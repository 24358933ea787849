import { describe, expect, it } from 'vitest';
import { formatTime, markerAt, pageAt, timeOfBar } from './markers';

const markers = [
  { time: 30, page: 2, bar: 17 },
  { time: 0, page: 1, bar: 1 },
  { time: 75, page: 3, bar: 33 },
  { time: 120, page: 4, bar: null },
];

describe('markers', () => {
  it('gives the page of the marker with the greatest time not after t', () => {
    expect(pageAt(markers, 0)).toBe(1);
    expect(pageAt(markers, 29.9)).toBe(1);
    expect(pageAt(markers, 30)).toBe(2);
    expect(pageAt(markers, 74)).toBe(2);
    expect(pageAt(markers, 75)).toBe(3);
    expect(pageAt(markers, 500)).toBe(4);
  });

  it('gives no page before the first marker, nor without markers', () => {
    expect(pageAt([{ time: 10, page: 2 }], 5)).toBeNull();
    expect(pageAt([], 5)).toBeNull();
    expect(markerAt(markers, -1)).toBeNull();
  });

  it('finds a bar at its marker, or in proportion between two barred markers', () => {
    expect(timeOfBar(markers, 17)).toBe(30);
    expect(timeOfBar(markers, 25)).toBe(52.5);
    expect(timeOfBar(markers, 45)).toBe(75);
    expect(timeOfBar(markers, 0)).toBe(0);
    expect(timeOfBar([{ time: 3, page: 1 }], 45)).toBeNull();
  });

  it('writes times as minutes and seconds', () => {
    expect(formatTime(65)).toBe('1:05');
    expect(formatTime(3723)).toBe('1:02:03');
    expect(formatTime(0.4)).toBe('0:00');
  });
});
