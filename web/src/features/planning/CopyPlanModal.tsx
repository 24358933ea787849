import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { RetryAlert } from '../../components/ErrorAlert';
import { SectionLoading } from '../../components/SectionState';
import { useCopyPlan, usePlanCopySources, type Plan, type PlanSummary } from './api';
import { formatShortDate } from './format';

export const COPY_REPLACES =
  'Copying replaces the slots of this plan with those of the plan you choose. Unsaved changes are lost.';

/** summaryName: the plan's title, else its event's, else 'Date only'. */
export function summaryName(s: Pick<PlanSummary, 'title' | 'eventTitle'>): string {
  return s.title || s.eventTitle || 'Date only';
}

export function pieceCount(n: number): string {
  return n === 1 ? '1 piece' : `${n} pieces`;
}

export interface CopyPlanModalProps {
  choirId: string;
  /** The plan whose slots a copy replaces. */
  plan: Plan;
  opened: boolean;
  onClose: () => void;
  /** Told the plan with the copied slots. */
  onCopied?: (plan: Plan) => void;
}

/**
 * CopyPlanModal offers the plans a plan can copy its slots from: those of
 * the same feast in earlier years (the feast's date moves; the match is by
 * feast), then the most recent earlier plans.
 */
export function CopyPlanModal({ choirId, plan, opened, onClose, onCopied }: CopyPlanModalProps) {
  const sources = usePlanCopySources(choirId, plan.id, opened);
  const copy = useCopyPlan(choirId, plan.id);

  const choose = (from: PlanSummary) =>
    void copy
      .submit(from.id, {
        onSuccess: (copied) => {
          onCopied?.(copied);
          onClose();
        },
      })
      // Refused: the error toast says why and the list stays open.
      .catch(() => {});

  return (
    <Modal opened={opened} onClose={copy.submitting ? () => {} : onClose} title="Copy from an earlier plan" size="lg">
      <Stack gap="md">
        <Alert variant="light" color="orange" icon={<IconInfoCircle aria-hidden />}>
          {COPY_REPLACES}
        </Alert>
        {sources.isPending && <SectionLoading label="Loading earlier plans" />}
        {sources.isError && <RetryAlert onRetry={() => void sources.refetch()}>The earlier plans could not be loaded.</RetryAlert>}
        {sources.data && (
          <>
            <SourceList
              title="Same feast in earlier years"
              empty={plan.feastName ? `No earlier plans for ${plan.feastName}.` : 'This day has no feast to match.'}
              plans={sources.data.sameFeast}
              busy={copy.submitting}
              onCopy={choose}
            />
            <SourceList
              title="Earlier plans"
              empty="No earlier plans yet."
              plans={sources.data.earlier}
              busy={copy.submitting}
              onCopy={choose}
            />
          </>
        )}
      </Stack>
    </Modal>
  );
}

interface SourceListProps {
  title: string;
  empty: string;
  plans: readonly PlanSummary[];
  busy: boolean;
  onCopy: (plan: PlanSummary) => void;
}

function SourceList({ title, empty, plans, busy, onCopy }: SourceListProps) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {plans.length === 0 && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      {plans.map((p) => {
        const date = formatShortDate(p.date);
        const name = summaryName(p);
        return (
          <Paper key={p.id} withBorder p="xs">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>{`${date} · ${name}`}</Text>
                <Text size="sm" c="dimmed">
                  {[p.feastName, pieceCount(p.pieceCount)].filter(Boolean).join(' · ')}
                </Text>
              </div>
              <Button variant="default" size="xs" aria-label={`Copy ${date} ${name}`} disabled={busy} onClick={() => onCopy(p)}>
                Copy
              </Button>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
