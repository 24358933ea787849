import { Badge, Chip, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PlanDay } from './api';
import { formatLongDate } from './format';

type DayEvent = PlanDay['events'][number];

/** The choice of a date's plan that belongs to no event. */
export const DATE_ONLY = '';

/** eventChoiceLabel: 'Sung Eucharist 10:30'; an all-day event by its title alone. */
export function eventChoiceLabel(e: Pick<DayEvent, 'title' | 'startTime' | 'allDay'>): string {
  return e.allDay || !e.startTime ? e.title : `${e.title} ${e.startTime}`;
}

export interface DayHeaderProps {
  /** The date (YYYY-MM-DD); shown while the day loads. */
  date: string;
  day: PlanDay | undefined;
  /** The chosen event's id, or DATE_ONLY. */
  chosen: string;
  onChoose: (eventId: string) => void;
  /** Buttons beside the date. */
  actions?: ReactNode;
}

/**
 * DayHeader is the top of a planning page: the date written out, the
 * liturgical season, the day's feasts, and the day's events (and 'Date only')
 * to choose the plan from. The choices wrap, so they fit a phone.
 */
export function DayHeader({ date, day, chosen, onChoose, actions }: DayHeaderProps) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="sm" align="flex-start">
        <Title order={1}>{formatLongDate(date)}</Title>
        {actions}
      </Group>
      {day && (day.season || day.feasts.length > 0) && (
        <Group gap="xs" aria-label="Season and feasts" role="group">
          {day.season && (
            <Badge variant="light" tt="none" size="lg">
              {day.season.name}
            </Badge>
          )}
          {day.feasts.map((f) => (
            <Text key={f.feastKey} fw={600}>
              {f.name}
            </Text>
          ))}
        </Group>
      )}
      {day && (
        <Chip.Group multiple={false} value={chosen} onChange={onChoose}>
          <Group gap="xs" role="radiogroup" aria-label="Plan for">
            {day.events.map((e) => (
              <Chip key={e.id} value={e.id} type="radio">
                {eventChoiceLabel(e)}
              </Chip>
            ))}
            <Chip value={DATE_ONLY} type="radio">
              Date only
            </Chip>
          </Group>
        </Chip.Group>
      )}
    </Stack>
  );
}
