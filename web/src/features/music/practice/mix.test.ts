import { describe, expect, it } from 'vitest';
import { effectiveGains, isMyPart, myPartMix, OTHERS_VOLUME, panLabel, percent, resetMix, type PartMix } from './mix';

const mix = (over: Partial<PartMix> = {}): PartMix => ({ volume: 1, muted: false, solo: false, pan: 0, ...over });

describe('effectiveGains', () => {
  it('is each part’s volume when nothing is muted or soloed', () => {
    expect(effectiveGains([mix({ volume: 0.5 }), mix({ volume: 0.8 })])).toEqual([0.5, 0.8]);
  });

  it('silences a muted part', () => {
    expect(effectiveGains([mix({ muted: true }), mix()])).toEqual([0, 1]);
  });

  it('lets only soloed parts be heard once any part is soloed', () => {
    expect(effectiveGains([mix({ solo: true, volume: 0.6 }), mix(), mix({ solo: true }), mix()])).toEqual([0.6, 0, 1, 0]);
  });

  it('keeps a part that is both soloed and muted silent', () => {
    expect(effectiveGains([mix({ solo: true, muted: true }), mix({ solo: true })])).toEqual([0, 1]);
  });

  it('keeps volumes within 0 … 1', () => {
    expect(effectiveGains([mix({ volume: 1.7 }), mix({ volume: -0.2 })])).toEqual([1, 0]);
  });
});

describe('isMyPart', () => {
  it('matches a numbered part to the voice part, ignoring case', () => {
    expect(isMyPart('Soprano 1', ['soprano'])).toBe(true);
    expect(isMyPart('SOPRANO', ['Soprano 1'])).toBe(true);
    expect(isMyPart('  Alto   2 ', ['alto 2'])).toBe(true);
  });

  it('does not match other parts or longer words', () => {
    expect(isMyPart('Soprano 2', ['Soprano 1'])).toBe(false);
    expect(isMyPart('Sopranino', ['Soprano'])).toBe(false);
    expect(isMyPart('Tenor', ['Soprano', 'Alto'])).toBe(false);
    expect(isMyPart('', ['Soprano'])).toBe(false);
    expect(isMyPart('Bass', [])).toBe(false);
  });
});

describe('myPartMix', () => {
  it('puts the singer’s parts in front and centre and spreads the others softly', () => {
    const result = myPartMix(['Soprano 1', 'Soprano 2', 'Alto', 'Tenor', 'Bass'], ['Alto']);
    expect(result).toEqual([
      mix({ volume: OTHERS_VOLUME, pan: -0.8 }),
      mix({ volume: OTHERS_VOLUME, pan: -0.27 }),
      mix(),
      mix({ volume: OTHERS_VOLUME, pan: 0.27 }),
      mix({ volume: OTHERS_VOLUME, pan: 0.8 }),
    ]);
  });

  it('keeps all of a singer’s parts in front', () => {
    const result = myPartMix(['Soprano 1', 'Soprano 2', 'Alto'], ['Soprano']);
    expect(result?.map((m) => m.volume)).toEqual([1, 1, OTHERS_VOLUME]);
  });

  it('is null when none of the parts is the singer’s', () => {
    expect(myPartMix(['Tenor', 'Bass'], ['Soprano'])).toBeNull();
    expect(myPartMix(['Tenor', 'Bass'], [])).toBeNull();
  });
});

describe('resetMix and labels', () => {
  it('resets every part to full, centred, unmuted', () => {
    expect(resetMix(2)).toEqual([mix(), mix()]);
  });

  it('words volumes and pan positions', () => {
    expect(percent(0.35)).toBe('35 %');
    expect(panLabel(0)).toBe('Centre');
    expect(panLabel(-0.4)).toBe('L 40');
    expect(panLabel(0.8)).toBe('R 80');
  });
});
