// Fixtures of planning for tests: a day, plans and suggestions as the server sends them.
import type { Plan, PlanDay, PlanSlot, PlanSuggestion, PlanSummary } from './api';

export const PLAN_DATE = '2027-03-28';

export function planSlot(label: string, extra: Partial<PlanSlot> = {}): PlanSlot {
  return { label, musicId: null, note: '', durationMinutes: null, music: null, ...extra };
}

export function piece(id: string, title: string, composer = '', libraryNumber = '') {
  return { id, title, composer, libraryNumber, isArchived: false };
}

export function makePlan(extra: Partial<Plan> = {}): Plan {
  return {
    id: 'p1',
    date: PLAN_DATE,
    eventId: 'ev-1',
    eventTitle: 'Sung Eucharist',
    eventType: 'service',
    feastKey: 'easter_sunday',
    feastName: 'Easter Sunday',
    title: '',
    notes: '',
    slots: [planSlot('Entrance'), planSlot('Psalm'), planSlot('Communion')],
    version: 3,
    updatedAt: '2027-03-01T10:00:00Z',
    ...extra,
  };
}

export function makeDay(extra: Partial<PlanDay> = {}): PlanDay {
  return {
    date: PLAN_DATE,
    season: { key: 'easter', name: 'Easter' },
    feasts: [{ feastKey: 'easter_sunday', name: 'Easter Sunday', rank: 'solemnity' }],
    events: [dayEvent('ev-1', 'Sung Eucharist', '10:30'), dayEvent('ev-2', 'Evensong', '18:00')],
    ...extra,
  };
}

export function dayEvent(id: string, title: string, startTime: string): PlanDay['events'][number] {
  return {
    id,
    title,
    eventType: 'service',
    startDate: PLAN_DATE,
    startTime,
    endDate: PLAN_DATE,
    endTime: startTime,
    allDay: false,
    timeZone: 'Europe/London',
    location: '',
    notes: '',
    start: `${PLAN_DATE}T09:30:00Z`,
    end: `${PLAN_DATE}T10:30:00Z`,
  };
}

export function suggestion(id: string, title: string, extra: Partial<PlanSuggestion> = {}): PlanSuggestion {
  return {
    music: {
      id,
      title,
      composer: 'W. A. Mozart',
      libraryNumber: '112',
      rehearsalWeighting: 5,
      minIntervalWeeks: null,
      isNewToChoir: false,
    },
    match: 'none',
    reasons: [],
    heldBack: false,
    needsRehearsal: false,
    lastSung: [],
    ...extra,
  };
}

export function summary(id: string, date: string, extra: Partial<PlanSummary> = {}): PlanSummary {
  return { id, date, title: '', eventTitle: 'Sung Eucharist', feastName: 'Easter Sunday', pieceCount: 4, ...extra };
}
