import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { SECTION_PADDING } from '../../app/theme';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { PushSection } from './PushSwitch';
import { useChoirEmails, useProfile, useSetChoirEmails, useUpdateProfile, type ChoirEmailSetting, type Profile } from './queries';

export const DIGEST_DESCRIPTION =
  'A periodic email with a digest of news from your choirs: upcoming events, announcements and new music.';
export const CHOIR_EMAIL_DESCRIPTION = 'Event invitations, RSVP requests and practice links from this choir.';

/** NotificationsPage holds the email digest preference, each choir's email switch and this device's push switch. */
export function NotificationsPage() {
  const profile = useProfile();
  return (
    <Stack gap="md">
      <Title order={2}>Notifications</Title>
      <Paper withBorder p={SECTION_PADDING}>
        {profile.isPending ? (
          <SectionLoading label="Loading your notification settings" />
        ) : profile.isError ? (
          <SectionError
            title="Could not load your notification settings"
            error={profile.error}
            onRetry={() => void profile.refetch()}
          />
        ) : (
          <DigestSwitch key={profile.data.id} profile={profile.data} />
        )}
      </Paper>
      <ChoirEmails />
      <PushSection />
      <Text size="sm" c="dimmed">
        Messages about your account, such as password resets and invitations, are always sent.
      </Text>
    </Stack>
  );
}

function DigestSwitch({ profile }: { profile: Profile }) {
  const { submit, submitting } = useUpdateProfile();
  const [enabled, setEnabled] = useState(Boolean(profile.emailDigestEnabled));

  async function toggle(next: boolean) {
    setEnabled(next);
    try {
      await submit(
        { emailDigestEnabled: next },
        { onSuccess: (saved) => setEnabled(saved.emailDigestEnabled), onError: () => setEnabled(!next) },
      );
    } catch {
      // Reverted, and the error toast has said why.
    }
  }

  return (
    <Switch
      label="Email digest"
      // Mantine's label also wraps the description; keep the name short.
      aria-label="Email digest"
      description={DIGEST_DESCRIPTION}
      checked={enabled}
      aria-busy={submitting}
      // Not disabled while saving, which would drop the keyboard focus; a
      // change made meanwhile is ignored, as the submission rule asks.
      onChange={(e) => {
        if (!submitting) void toggle(e.currentTarget.checked);
      }}
      size="md"
    />
  );
}

/** ChoirEmails lists a switch per choir: where a choir's email, once unsubscribed, is turned back on. */
function ChoirEmails() {
  const settings = useChoirEmails();
  if (settings.data?.length === 0) return null;
  return (
    <Paper withBorder p={SECTION_PADDING} component="section" aria-labelledby="choir-emails-title">
      <Stack gap="md">
        <Title order={3} size="h4" id="choir-emails-title">
          Emails from your choirs
        </Title>
        {settings.isPending ? (
          <SectionLoading label="Loading your choirs' emails" />
        ) : settings.isError ? (
          <SectionError
            title="Could not load your choirs' emails"
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          settings.data.map((setting) => <ChoirEmailSwitch key={setting.choirId} setting={setting} />)
        )}
      </Stack>
    </Paper>
  );
}

/** The kinds of mail a member chooses per choir, under the choir's master switch. */
const EMAIL_KINDS = [
  {
    key: 'digestEmails',
    label: 'Weekly digest',
    description: 'One email a week: what awaits your answer, the next two weeks, announcements and the music.',
  },
  { key: 'reminderEmails', label: 'RSVP reminders', description: "Reminders of events you haven't answered yet." },
  { key: 'announcementEmails', label: 'Announcements', description: 'An email when the choir publishes an announcement.' },
] as const;

type EmailKind = (typeof EMAIL_KINDS)[number]['key'];

function ChoirEmailSwitch({ setting }: { setting: ChoirEmailSetting }) {
  const { submit, submitting } = useSetChoirEmails();
  const [current, setCurrent] = useState(setting);
  const label = `Emails from ${setting.choirName}`;

  async function change(next: Partial<Pick<ChoirEmailSetting, 'enabled' | EmailKind>>) {
    const before = current;
    setCurrent({ ...current, ...next });
    try {
      await submit(
        { choirId: setting.choirId, enabled: current.enabled, ...next },
        { onSuccess: (saved) => setCurrent(saved), onError: () => setCurrent(before) },
      );
    } catch {
      // Reverted, and the error toast has said why.
    }
  }

  return (
    <Stack gap="xs">
      <Switch
        label={label}
        aria-label={label}
        description={CHOIR_EMAIL_DESCRIPTION}
        checked={current.enabled}
        aria-busy={submitting}
        onChange={(e) => {
          if (!submitting) void change({ enabled: e.currentTarget.checked });
        }}
        size="md"
      />
      <Stack gap="xs" pl="xl" role="group" aria-label={`Kinds of email from ${setting.choirName}`}>
        {EMAIL_KINDS.map((kind) => (
          <Switch
            key={kind.key}
            label={kind.label}
            aria-label={`${kind.label} from ${setting.choirName}`}
            description={current.enabled ? kind.description : `Off while emails from ${setting.choirName} are off.`}
            checked={current.enabled && current[kind.key]}
            disabled={!current.enabled}
            aria-busy={submitting}
            onChange={(e) => {
              if (!submitting) void change({ [kind.key]: e.currentTarget.checked });
            }}
            size="sm"
          />
        ))}
      </Stack>
    </Stack>
  );
}
