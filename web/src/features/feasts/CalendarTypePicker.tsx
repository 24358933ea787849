import { Group, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useCallback, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { useCalendarTypes } from '../choirs';
import type { CalendarType } from './api';
import {
  CALENDAR_TYPE_PARAM,
  calendarTypeOptions,
  chosenCalendarType,
  publishedHint,
  publishedLabel,
} from './calendarTypes';

/**
 * useChosenCalendarType reads the calendar type a page works on from the
 * query string (?calendarType=KEY), so a reload or a shared link keeps it.
 */
export function useChosenCalendarType() {
  const types = useCalendarTypes();
  const [params, setParams] = useSearchParams();
  const requested = params.get(CALENDAR_TYPE_PARAM);
  const chosen = types.data ? chosenCalendarType(types.data, requested) : null;
  const choose = useCallback(
    (key: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(CALENDAR_TYPE_PARAM, key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { types, requested, chosen, choose };
}

/**
 * CalendarTypePicker lets a global admin choose one of the calendar types of
 * the catalogue (all sixteen, published or not) and renders the page's part
 * for the chosen one.
 */
export function CalendarTypePicker({ children }: { children: (type: CalendarType) => ReactNode }) {
  const { types, requested, chosen, choose } = useChosenCalendarType();

  if (types.isPending) return <SectionLoading label="Loading calendar types" />;
  if (types.isError) {
    return <SectionError title="Could not load the calendar types" error={types.error} onRetry={() => void types.refetch()} />;
  }
  if (!chosen) return <Text>There are no calendar types.</Text>;

  const byKey = new Map(types.data.map((t) => [t.key, t]));
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Select
          label="Calendar type"
          data={calendarTypeOptions(types.data)}
          value={chosen.key}
          onChange={(key) => key && choose(key)}
          allowDeselect={false}
          searchable
          maxDropdownHeight={360}
          description={publishedHint(chosen)}
          renderOption={({ option }) => {
            const type = byKey.get(option.value);
            return (
              <Group gap="xs" justify="space-between" wrap="nowrap" w="100%">
                <span>{option.label}</span>
                {type && (
                  <Text span size="xs" c="dimmed">
                    <VisuallyHidden>, </VisuallyHidden>
                    {publishedLabel(type)}
                  </Text>
                )}
              </Group>
            );
          }}
          style={{ maxWidth: 560 }}
        />
        {requested && requested !== chosen.key && (
          <Text size="sm" c="dimmed">
            There is no calendar type “{requested}”; showing {chosen.name}.
          </Text>
        )}
      </Stack>
      {children(chosen)}
    </Stack>
  );
}
