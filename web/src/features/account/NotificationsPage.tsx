import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { SECTION_PADDING } from '../../app/theme';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { useProfile, useUpdateProfile, type Profile } from './queries';

export const DIGEST_DESCRIPTION =
  'A periodic email with a digest of news from your choirs: upcoming events, announcements and new music.';

/** NotificationsPage holds the email digest preference. */
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
