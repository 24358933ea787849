import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconZzz } from '@tabler/icons-react';
import type { DragEventHandler, ReactNode } from 'react';
import { successColor } from '../../app/theme';
import type { PlanSuggestion } from './api';
import { lastSungText } from './format';

/** The reason that holds a piece back: 'sung 2 weeks ago, rests 6'. */
export function restReason(s: Pick<PlanSuggestion, 'reasons' | 'heldBack'>): string | null {
  if (!s.heldBack) return null;
  return s.reasons.find((r) => /\brests?\b/.test(r)) ?? s.reasons[0] ?? '';
}

/** restingText: 'Resting: sung 2 weeks ago, rests 6', or just 'Resting'. */
export function restingText(s: Pick<PlanSuggestion, 'reasons' | 'heldBack'>): string | null {
  const reason = restReason(s);
  if (reason === null) return null;
  return reason ? `Resting: ${reason}` : 'Resting';
}

export interface SuggestionCardProps {
  suggestion: PlanSuggestion;
  /** The piece is in one of the plan's slots already (as the planner sees it, unsaved changes too). */
  inPlan?: boolean;
  /** What can be done with the piece (e.g. 'Add to slot'), beside its title. */
  actions?: ReactNode;
  /** Given, the card can be dragged onto a slot. */
  onDragStart?: DragEventHandler<HTMLElement>;
  onDragEnd?: DragEventHandler<HTMLElement>;
}

/**
 * SuggestionCard shows a ranked piece: its title, composer and library
 * number, whether it is in the plan already, why it ranks where it does,
 * whether it rests or needs rehearsal, and the last dates it was sung.
 */
export function SuggestionCard({ suggestion, inPlan = false, actions, onDragStart, onDragEnd }: SuggestionCardProps) {
  const { music, heldBack, needsRehearsal, lastSung } = suggestion;
  const resting = restingText(suggestion);
  const rest = restReason(suggestion);
  const reasons = suggestion.reasons.filter((r) => r !== rest);
  return (
    <Paper
      component="article"
      aria-label={music.title}
      withBorder
      p="sm"
      draggable={onDragStart ? true : undefined}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      style={{
        cursor: onDragStart ? 'grab' : undefined,
        borderStyle: heldBack ? 'dashed' : undefined,
      }}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {music.title}
            </Text>
            {(music.composer || music.libraryNumber) && (
              <Text size="sm" c="dimmed">
                {[music.composer, music.libraryNumber && `No. ${music.libraryNumber}`].filter(Boolean).join(' · ')}
              </Text>
            )}
          </div>
          {actions}
        </Group>
        {inPlan && (
          <Group gap={6} wrap="nowrap">
            <IconCircleCheck size={16} aria-hidden color={successColor} style={{ flexShrink: 0 }} />
            <Text size="sm" fw={600}>
              In this plan
            </Text>
          </Group>
        )}
        {resting && (
          <Group gap={6} wrap="nowrap">
            <IconZzz size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" fw={600}>
              {resting}
            </Text>
          </Group>
        )}
        {needsRehearsal && (
          <Group gap={6} wrap="nowrap">
            {/* The icon carries the colour; the words keep the text's, which reads on either theme. */}
            <IconAlertTriangle size={16} aria-hidden color="var(--mantine-color-orange-6)" style={{ flexShrink: 0 }} />
            <Text size="sm" fw={600}>
              Needs rehearsal
            </Text>
          </Group>
        )}
        {reasons.length > 0 && (
          <Group gap={4}>
            {reasons.map((r) => (
              <Badge
                key={r}
                variant="light"
                color="gray"
                tt="none"
                fw={500}
                h="auto"
                styles={{ root: { color: 'var(--mantine-color-text)' }, label: { whiteSpace: 'normal' } }}
              >
                {r}
              </Badge>
            ))}
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {lastSungText(lastSung)}
        </Text>
      </Stack>
    </Paper>
  );
}
