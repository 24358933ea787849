import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { SECTION_PADDING } from '../../app/theme';
import { currentSubscription, pushSupported, PUSH_NOT_READY } from './pushDevice';
import { usePushPublicKey, useTurnPushOff, useTurnPushOn } from './queries';

export const PUSH_LABEL = 'Notifications on this device';
export const PUSH_DESCRIPTION =
  'RSVP reminders and announcements from your choirs also appear as notifications on this phone or computer, as they do by email.';
export const PUSH_UNSUPPORTED =
  'This browser cannot show notifications from Cantica. On an iPhone or iPad, add Cantica to your Home Screen first (Share, then Add to Home Screen; iOS 16.4 or later) and open it from there.';
export const PUSH_BLOCKED =
  "Notifications are blocked for Cantica in this browser. Allow them in the browser's settings for this site, then turn this on.";
export const PUSH_NOT_ALLOWED = 'You did not allow notifications, so nothing changed.';

/**
 * PushSection turns Web Push on or off for this browser. Permission is asked
 * only when the person taps the switch, never on arrival.
 */
export function PushSection() {
  const supported = pushSupported();
  return (
    <Paper withBorder p={SECTION_PADDING} component="section" aria-labelledby="push-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="push-title">
          {PUSH_LABEL}
        </Title>
        {supported ? <PushSwitch /> : <Text size="sm">{PUSH_UNSUPPORTED}</Text>}
      </Stack>
    </Paper>
  );
}

function PushSwitch() {
  const publicKey = usePushPublicKey(true);
  const turnOn = useTurnPushOn();
  const turnOff = useTurnPushOff();
  const [on, setOn] = useState<boolean | null>(null); // null: still asking the browser
  const [permission, setPermission] = useState<NotificationPermission>(Notification.permission);
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const busy = asking || turnOn.submitting || turnOff.submitting;

  useEffect(() => {
    let live = true;
    currentSubscription()
      .then((subscription) => live && setOn(subscription !== null && Notification.permission === 'granted'))
      .catch(() => live && setOn(false));
    return () => {
      live = false;
    };
  }, []);

  async function enable() {
    // Asked first, in the tap's own handler: browsers (Safari above all)
    // show the question only in answer to a tap.
    setAsking(true);
    const answer = await Notification.requestPermission();
    setPermission(answer);
    if (answer !== 'granted') {
      setAsking(false);
      setNote(answer === 'denied' ? '' : PUSH_NOT_ALLOWED);
      return;
    }
    const key = publicKey.data ?? (await publicKey.refetch()).data;
    setAsking(false);
    if (!key) {
      setNote(PUSH_NOT_READY);
      return;
    }
    setOn(true);
    try {
      await turnOn.submit(key, { onError: () => setOn(false) });
    } catch {
      // Reverted, and the error toast has said why.
    }
  }

  async function disable() {
    setOn(false);
    try {
      await turnOff.submit(undefined, { onError: () => setOn(true) });
    } catch {
      // Reverted, and the error toast has said why.
    }
  }

  const blocked = permission === 'denied';
  return (
    <>
      <Switch
        label={PUSH_LABEL}
        aria-label={PUSH_LABEL}
        description={PUSH_DESCRIPTION}
        checked={Boolean(on) && !blocked}
        disabled={blocked || on === null}
        aria-busy={busy}
        // Not disabled while saving, which would drop the keyboard focus; a
        // change made meanwhile is ignored, as the submission rule asks.
        onChange={(e) => {
          if (busy) return;
          setNote('');
          void (e.currentTarget.checked ? enable() : disable());
        }}
        size="md"
      />
      {blocked ? (
        <Text size="sm" c="dimmed">
          {PUSH_BLOCKED}
        </Text>
      ) : note ? (
        <Text size="sm" role="status">
          {note}
        </Text>
      ) : null}
    </>
  );
}
