import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatShortDate, lastSungText } from './format';
import { SuggestionCard } from './SuggestionCard';
import { suggestion } from './testing';
import type { PlanSuggestion } from './api';

function show(s: PlanSuggestion) {
  render(
    <MantineProvider env="test">
      <SuggestionCard suggestion={s} />
    </MantineProvider>,
  );
  return within(screen.getByRole('article', { name: s.music.title }));
}

describe('SuggestionCard', () => {
  it('shows the piece, its reasons and the last three dates it was sung', () => {
    const card = show(
      suggestion('m1', 'This joyful Eastertide', {
        match: 'feast',
        reasons: ['For Easter Sunday', 'not sung for 14 weeks', 'weighting 8'],
        lastSung: ['2027-03-14', '2027-02-01', '2026-04-05'],
      }),
    );
    expect(card.getByText('This joyful Eastertide')).toBeInTheDocument();
    expect(card.getByText('W. A. Mozart · No. 112')).toBeInTheDocument();
    for (const r of ['For Easter Sunday', 'not sung for 14 weeks', 'weighting 8']) expect(card.getByText(r)).toBeInTheDocument();
    expect(
      card.getByText(`Last sung: ${formatShortDate('2027-03-14')}, ${formatShortDate('2027-02-01')}, ${formatShortDate('2026-04-05')}`),
    ).toBeInTheDocument();
    expect(card.queryByText(/Resting/)).not.toBeInTheDocument();
    expect(card.queryByText('Needs rehearsal')).not.toBeInTheDocument();
  });

  it('says a held-back piece is resting, and why, once', () => {
    const card = show(
      suggestion('m2', 'Ave verum corpus', {
        heldBack: true,
        reasons: ['Easter season', 'sung 2 weeks ago, rests 6'],
        lastSung: ['2027-03-14'],
      }),
    );
    expect(card.getByText('Resting: sung 2 weeks ago, rests 6')).toBeInTheDocument();
    expect(card.getByText('Easter season')).toBeInTheDocument();
    expect(card.queryByText('sung 2 weeks ago, rests 6')).not.toBeInTheDocument();
  });

  it('flags a new piece for rehearsal, and a piece never sung', () => {
    const card = show(
      suggestion('m3', 'A new anthem', { needsRehearsal: true, reasons: ['not rehearsed since it was added'] }),
    );
    expect(card.getByText('Needs rehearsal')).toBeInTheDocument();
    expect(card.getByText('not rehearsed since it was added')).toBeInTheDocument();
    expect(card.getByText('Never sung')).toBeInTheDocument();
  });
});

describe('lastSungText', () => {
  it('writes the dates out, or Never sung', () => {
    expect(lastSungText([])).toBe('Never sung');
    expect(lastSungText(['2027-03-14'])).toBe(`Last sung: ${formatShortDate('2027-03-14')}`);
    expect(formatShortDate('2027-03-14')).toMatch(/14/);
  });
});
