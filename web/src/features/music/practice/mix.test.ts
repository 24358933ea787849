import { describe, expect, it } from 'vitest';
import { effectiveGains, isMyPart, MAX_PART_NAME, myPartMix, OTHERS_VOLUME, panLabel, percent, practisedPart, resetMix, type PartMix } from './mix';

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

  it('keeps the centre for the singer’s part when an odd number of others is spread', () => {
    const result = myPartMix(['Soprano 1', 'Soprano 2', 'Alto', 'Tenor', 'Bass 1', 'Bass 2'], ['Alto']);
    expect(result?.map((m) => m.pan)).toEqual([-0.8, -0.4, 0, -0.2, 0.4, 0.8]);
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

describe('practisedPart', () => {
  const names = ['Soprano', 'Alto', 'Tenor'];
  it('names the loudest parts, and none when all sound alike or nothing sounds', () => {
    const mix = resetMix(3);
    expect(practisedPart(names, mix)).toBeUndefined();
    expect(practisedPart(names, mix.map((m) => ({ ...m, muted: true })))).toBeUndefined();
    expect(practisedPart(names, [mix[0], { ...mix[1], volume: 0.5 }, mix[2]])).toBe('Soprano, Tenor');
    expect(practisedPart(names, [mix[0], { ...mix[1], solo: true }, { ...mix[2], solo: true, muted: true }])).toBe('Alto');
  });

  it('stays within the report’s bound', () => {
    const long = ['x'.repeat(80), 'y'.repeat(80), 'Bass'];
    const mix = resetMix(3).map((m, i) => ({ ...m, volume: i === 2 ? 0.5 : 1 }));
    expect(practisedPart(long, mix)).toHaveLength(MAX_PART_NAME);
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
