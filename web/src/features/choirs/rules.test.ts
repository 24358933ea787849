import { describe, expect, it } from 'vitest';
import {
  CHOIR_TYPE_LABELS,
  choirTypeOptions,
  offersFaithBased,
  selectChoirType,
  selectionOf,
  traditionLabel,
  traditions,
} from './choirType';
import { affiliations } from './testing';
import { CHOIR_MESSAGES, validateAffiliation, validateChoirDetails, validateChoirName } from './validation';

const unpublished = affiliations.map((a) => (a.category === 'faith_based' ? { ...a, calendarPublished: false } : a));

describe('choir type rules', () => {
  it('choosing faith-based clears the affiliation', () => {
    expect(selectChoirType('faith_based', affiliations)).toEqual({ choirType: 'faith_based', religiousAffiliationId: null });
  });

  it('choosing another type takes the first affiliation of its category', () => {
    expect(selectChoirType('secular', affiliations)).toEqual({ choirType: 'secular', religiousAffiliationId: 'aff-community' });
    expect(selectChoirType('other', affiliations)).toEqual({ choirType: 'other', religiousAffiliationId: 'aff-other' });
  });

  it('a category without affiliations leaves the affiliation empty', () => {
    expect(selectChoirType('other', affiliations.filter((a) => a.category !== 'other'))).toEqual({
      choirType: 'other',
      religiousAffiliationId: null,
    });
  });

  it('clearing resets type and affiliation', () => {
    expect(selectChoirType(null, affiliations)).toEqual({ choirType: null, religiousAffiliationId: null });
  });

  it('offers faith-based only when a faith-based calendar is published', () => {
    expect(offersFaithBased(affiliations)).toBe(true);
    expect(offersFaithBased(unpublished)).toBe(false);
    expect(choirTypeOptions(affiliations).map((o) => o.label)).toEqual([
      'Faith-Based / Religious',
      'Secular / Community',
      'Other Focus',
    ]);
    expect(choirTypeOptions(unpublished).map((o) => o.label)).toEqual(['Secular / Community', 'Other Focus']);
    // A choir that is already faith-based keeps its type on offer.
    expect(choirTypeOptions(unpublished, 'faith_based')[0].label).toBe(CHOIR_TYPE_LABELS.faith_based);
  });

  it('labels traditions by whether their calendar is uploaded', () => {
    expect(traditions(affiliations).map(traditionLabel)).toEqual([
      'Roman Catholic (Traditional) (calendar uploaded)',
      'Anglican (calendar not uploaded)',
    ]);
  });

  it('says uploaded when feasts exist, whether or not the calendar is published', () => {
    // Published but without feasts: offered, yet not uploaded.
    const publishedEmpty = affiliations.map((a) =>
      a.id === 'aff-roman' ? { ...a, calendarPublished: true, calendarHasFeasts: false } : a,
    );
    expect(traditionLabel(publishedEmpty[0])).toBe('Roman Catholic (Traditional) (calendar not uploaded)');
    expect(offersFaithBased(publishedEmpty)).toBe(true);

    // Feasts imported but not yet published: uploaded, yet faith-based is not offered.
    const uploadedHidden = affiliations.map((a) =>
      a.category === 'faith_based' ? { ...a, calendarPublished: false, calendarHasFeasts: true } : a,
    );
    expect(traditions(uploadedHidden).map(traditionLabel)).toEqual([
      'Roman Catholic (Traditional) (calendar uploaded)',
      'Anglican (calendar uploaded)',
    ]);
    expect(offersFaithBased(uploadedHidden)).toBe(false);
    expect(choirTypeOptions(uploadedHidden).map((o) => o.label)).toEqual(['Secular / Community', 'Other Focus']);
  });

  it('reads the type of a saved affiliation', () => {
    expect(selectionOf('aff-school', affiliations)).toEqual({ choirType: 'secular', religiousAffiliationId: 'aff-school' });
    expect(selectionOf('unknown', affiliations)).toEqual({ choirType: null, religiousAffiliationId: null });
  });
});

describe('choir validation', () => {
  it.each([
    ['', CHOIR_MESSAGES.nameRequired],
    ['   ', CHOIR_MESSAGES.nameRequired],
    ['a'.repeat(201), CHOIR_MESSAGES.nameTooLong],
    ['St. Cecilia', CHOIR_MESSAGES.nameCharacters],
    ['Choir & Friends', CHOIR_MESSAGES.nameCharacters],
    ['Choir_1', CHOIR_MESSAGES.nameCharacters],
    ['a'.repeat(200), undefined],
    ["St Mary's Choir", undefined],
    ['St Mary’s Choir', undefined],
    ['Holy-Trinity Choir 2', undefined],
    ['Chœur de Notre-Dame', undefined],
    ['Хор Святого Духа', undefined],
    ['聖歌隊', undefined],
    ['गायन मंडली', undefined],
  ])('name %j gives %j', (name, message) => {
    expect(validateChoirName(name)).toBe(message);
  });

  it('requires a country; city and postcode are optional', () => {
    expect(
      validateChoirDetails({ name: 'Choir', city: '', postcode: '', country: null, timeZone: 'Europe/London' }),
    ).toEqual({ country: 'Country is required' });
    expect(validateChoirDetails({ name: 'Choir', city: '', postcode: '', country: 'GB', timeZone: 'UTC' })).toEqual({});
  });

  it('requires an affiliation', () => {
    expect(validateAffiliation(null)).toBe('Please complete the choir focus/type selection.');
    expect(validateAffiliation('aff-roman')).toBeUndefined();
  });
});
