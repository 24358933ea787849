import { Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconHeadphones, IconMusic } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { useChoir } from '../../app/choir';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { OfflineMusic } from '../music';
import { useEventPlan } from './api';
import { planMusicPath, practisePath } from './links';

export interface EventPlanSectionProps {
  choirId: string;
  /** The event or occurrence id. */
  eventId: string;
  /** The event's date (YYYY-MM-DD), where planning opens. */
  date: string;
}

/**
 * EventPlanSection is the music of an event in its panel: what the singers
 * bring and practise, each piece with a link to practise it; editors also
 * get the way to plan it.
 */
export function EventPlanSection({ choirId, eventId, date }: EventPlanSectionProps) {
  const { can } = useChoir();
  const canPlan = can('edit:music') || can('edit:calendar');
  const plan = useEventPlan(choirId, eventId);
  const planned = plan.data?.slots.filter((s) => s.music) ?? [];

  let body;
  if (plan.isPending) body = <SectionLoading label="Loading the music" />;
  else if (plan.isError)
    body = <SectionError title="The music could not be loaded" error={plan.error} onRetry={() => void plan.refetch()} />;
  else if (!plan.data || (planned.length === 0 && !plan.data.notes)) body = <Text c="dimmed">No music planned yet.</Text>;
  else
    body = (
      <Stack gap="sm">
        {plan.data.notes && (
          <div>
            <Text size="sm" fw={600} c="dimmed">
              What to bring, what to practise
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{plan.data.notes}</Text>
          </div>
        )}
        {planned.length > 0 && (
          <List listStyleType="none" spacing="xs" aria-label="Pieces">
            {planned.map((slot, i) => {
              const piece = slot.music!;
              return (
                <List.Item key={`${i}-${piece.id}`}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" c="dimmed">
                        {slot.label}
                      </Text>
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {piece.title}
                      </Text>
                      {piece.composer && <Text size="sm">{piece.composer}</Text>}
                    </div>
                    <Button
                      component={Link}
                      to={practisePath(piece.id)}
                      variant="default"
                      size="sm"
                      aria-label={`Practise ${piece.title}`}
                      leftSection={<IconHeadphones size={16} aria-hidden />}
                    >
                      Practise
                    </Button>
                  </Group>
                </List.Item>
              );
            })}
          </List>
        )}
        {planned.length > 0 && (
          <Suspense fallback={null}>
            <OfflineMusic choirId={choirId} musicIds={[...new Set(planned.map((s) => s.music!.id))]} label="Make this music available offline" />
          </Suspense>
        )}
      </Stack>
    );

  return (
    <Stack gap="sm" component="section" aria-labelledby={`music-${eventId}`}>
      <Title order={2} size="h4" id={`music-${eventId}`}>
        Music
      </Title>
      {body}
      {canPlan && (
        <Anchor component={Link} to={planMusicPath(plan.data?.date ?? date, eventId)}>
          <Group gap={4} component="span">
            <IconMusic size={16} aria-hidden />
            Plan music
          </Group>
        </Anchor>
      )}
    </Stack>
  );
}
