import { Badge, Button, Card, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconUserCheck } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useAcknowledge, useMyStanding, usePolicies, type Policy } from './api';
import { PolicyHtml } from './PolicyModals';
import { STANDING_COLORS, STANDING_LABELS, standingSentence } from './standing';

export const ACKNOWLEDGE_LABEL = 'I have read and accept this policy';

/**
 * PolicyNotice is the member's card on the dashboard: the choir's policies
 * waiting for their acknowledgement, or (once all are acknowledged) a way
 * to read them again. Both open the read view.
 */
export function PolicyNotice({ choirId }: { choirId: string }) {
  const list = usePolicies(choirId);
  const [reading, setReading] = useState(false);
  const data = list.data;
  if (!data || data.policies.length === 0 || data.member === false) return null;
  const n = data.pending;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="Choir policies">
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Group gap="sm" wrap="nowrap">
          <IconFileText size={22} stroke={1.5} aria-hidden />
          <Text>
            {n === 0
              ? 'You have acknowledged the choir’s policies.'
              : n === 1
                ? 'A choir policy awaits your acknowledgement.'
                : `${n} choir policies await your acknowledgement.`}
          </Text>
        </Group>
        <Button variant={n > 0 ? 'filled' : 'default'} onClick={() => setReading(true)}>
          {n > 0 ? 'Read and acknowledge' : 'Read the policies'}
        </Button>
      </Group>
      <Modal opened={reading} onClose={() => setReading(false)} title="Choir policies" size="lg" centered>
        {reading && <PolicyReader choirId={choirId} policies={data.policies} onDone={() => setReading(false)} />}
      </Modal>
    </Card>
  );
}

/** PolicyReader is the member's read view: those awaiting acknowledgement first, each with its button. */
export function PolicyReader({ choirId, policies, onDone }: { choirId: string; policies: Policy[]; onDone: () => void }) {
  const acknowledge = useAcknowledge(choirId);
  const [busy, setBusy] = useState<string | null>(null);
  const ordered = [...policies.filter((p) => !p.acknowledged), ...policies.filter((p) => p.acknowledged)];
  return (
    <Stack gap="md">
      {ordered.map((p, i) => (
        <Fragment key={p.id}>
          {i > 0 && <Divider />}
          <article aria-labelledby={`read-policy-${p.id}`}>
            <Group justify="space-between" gap="xs" mb="xs">
              <Title order={3} size="h4" id={`read-policy-${p.id}`} style={{ overflowWrap: 'anywhere' }}>
                {p.title}
              </Title>
              <Badge color={p.acknowledged ? 'teal.9' : 'yellow.4'} variant="filled" autoContrast>
                {p.acknowledged ? 'Acknowledged' : 'Awaiting your acknowledgement'}
              </Badge>
            </Group>
            <PolicyHtml html={p.bodyHtml} />
            {!p.acknowledged && (
              <Button
                mt="sm"
                loading={busy === p.id}
                onClick={() => {
                  setBusy(p.id);
                  void acknowledge
                    .submit({ id: p.id, version: p.version })
                    .catch(() => undefined)
                    .finally(() => setBusy(null));
                }}
              >
                {ACKNOWLEDGE_LABEL}
              </Button>
            )}
          </article>
        </Fragment>
      ))}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

/** MyStandingNotice tells a member where they stand against the choir's attendance rules, when it has some. */
export function MyStandingNotice({ choirId }: { choirId: string }) {
  const mine = useMyStanding(choirId);
  const sentence = mine.data ? standingSentence(mine.data) : null;
  const standing = mine.data?.standing?.standing;
  if (!sentence || !standing) return null;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="Your attendance">
      <Group gap="sm" wrap="nowrap">
        <IconUserCheck size={22} stroke={1.5} aria-hidden />
        <Text>
          <Text span fw={600}>
            Your attendance:
          </Text>{' '}
          {sentence}
        </Text>
        <Badge color={STANDING_COLORS[standing]} variant="filled" autoContrast style={{ flexShrink: 0 }}>
          {STANDING_LABELS[standing]}
        </Badge>
      </Group>
    </Card>
  );
}
