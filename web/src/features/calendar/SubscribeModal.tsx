import { Alert, Button, CopyButton, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandApple, IconBrandGoogle, IconBrandWindows, IconCheck, IconCopy, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { reportFailure } from '../../app/errors';
import { notify } from '../../app/notify';
import { WRAPPING_BUTTON } from '../../app/theme';
import { ConfirmModal } from '../../components/ConfirmModal';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { useCalendarFeed, useRenewCalendarFeed, useTurnOffCalendarFeed } from './api';
import { feedAddresses, feedLinks, type FeedLink } from './feed';

export const FEED_MESSAGES = {
  created: 'Your calendar address is ready',
  renewed: 'Your calendar address was renewed. The old one no longer works.',
  turnedOff: 'Your calendar address was turned off',
  failed: 'Unable to change your calendar address. Please try again.',
} as const;

const ICONS: Record<FeedLink['app'], typeof IconBrandGoogle> = {
  google: IconBrandGoogle,
  apple: IconBrandApple,
  outlook: IconBrandWindows,
};

export interface SubscribeModalProps {
  opened: boolean;
  onClose: () => void;
  choir: { id: string; name: string } | null;
}

/** SubscribeModal gives the user's private calendar feed, with one-click links for the big calendar apps. */
export function SubscribeModal({ opened, onClose, choir }: SubscribeModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Subscribe to the calendar" size="lg" centered>
      {opened && <SubscribeBody choir={choir} />}
    </Modal>
  );
}

type Confirming = 'renew' | 'off' | null;

function SubscribeBody({ choir }: { choir: { id: string; name: string } | null }) {
  const feed = useCalendarFeed(true);
  const renewal = useRenewCalendarFeed();
  const turningOff = useTurnOffCalendarFeed();
  const busy = renewal.submitting || turningOff.submitting;
  const [which, setWhich] = useState<'all' | 'choir'>('all');
  const [confirming, setConfirming] = useState<Confirming>(null);

  /** What the modal says once the address changed, or why it did not. */
  const told = (success: string) => ({
    onSuccess: () => notify.success(success),
    onError: (err: unknown) => reportFailure(err, FEED_MESSAGES.failed),
    onSettled: () => setConfirming(null),
  });
  const run = async (change: Promise<unknown>) => {
    try {
      await change;
    } catch {
      // The failure toast has said why.
    }
  };

  const create = () => run(renewal.submit(undefined, told(FEED_MESSAGES.created)));
  const renew = () => run(renewal.submit(undefined, told(FEED_MESSAGES.renewed)));
  const turnOff = () => run(turningOff.submit(undefined, told(FEED_MESSAGES.turnedOff)));

  if (feed.isPending) return <SectionLoading label="Loading your calendar address" />;
  if (feed.isError) {
    return <SectionError title="Unable to load your calendar address" error={feed.error} onRetry={() => void feed.refetch()} />;
  }
  const addresses = feedAddresses(feed.data, which === 'choir' && choir ? choir.id : null);

  if (!addresses) {
    return (
      <Stack gap="md">
        <Text>
          Add Cantica&apos;s events to Google Calendar, Apple Calendar or Outlook with a private address that only you
          know. Your calendar app then keeps up with every change.
        </Text>
        <Group justify="flex-end">
          <Button onClick={create} loading={busy}>
            Create my calendar address
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {choir && (
        <Radio.Group label="Events of" value={which} onChange={(v) => setWhich(v === 'choir' ? 'choir' : 'all')}>
          <Group gap="md" mt={6}>
            <Radio value="all" label="All my choirs" />
            <Radio value="choir" label={`Only ${choir.name}`} />
          </Group>
        </Radio.Group>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Your calendar address"
          value={addresses.url}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          style={{ flex: 1, minWidth: 0 }}
        />
        <CopyButton value={addresses.url}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              aria-live="polite"
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Add to your calendar app
        </Text>
        <Group gap="xs">
          {feedLinks(addresses).map((link) => {
            const Icon = ICONS[link.app];
            const external = link.app !== 'apple';
            return (
              <Button
                key={link.app}
                component="a"
                href={link.href}
                variant="default"
                styles={WRAPPING_BUTTON}
                leftSection={<Icon size={16} aria-hidden />}
                {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {link.label}
              </Button>
            );
          })}
        </Group>
      </Stack>
      <Alert color="gray" variant="light" icon={<IconLock aria-hidden />} title="This address is private">
        Anyone who has it can see your choirs&apos; events, so do not share it. If it gets out, renew it: the old
        address stops working.
      </Alert>
      <Group justify="space-between" gap="xs">
        <Button variant="subtle" onClick={() => setConfirming('off')} disabled={busy} c="dimmed">
          Turn off
        </Button>
        <Button variant="default" onClick={() => setConfirming('renew')} loading={busy && confirming === 'renew'}>
          Renew address
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming === 'renew'}
        title="Renew your calendar address?"
        confirmLabel="Renew address"
        busy={busy}
        onConfirm={renew}
        onClose={() => setConfirming(null)}
      >
        You get a new address and the old one stops working: calendar apps subscribed to it stop updating until
        you add the new one.
      </ConfirmModal>
      <ConfirmModal
        opened={confirming === 'off'}
        title="Turn off your calendar address?"
        confirmLabel="Turn off"
        busy={busy}
        onConfirm={turnOff}
        onClose={() => setConfirming(null)}
      >
        The address stops working and calendar apps subscribed to it stop updating. You can create a new one at
        any time.
      </ConfirmModal>
    </Stack>
  );
}
