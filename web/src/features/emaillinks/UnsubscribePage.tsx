import { Anchor, Box, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { successColor } from '../../app/theme';
import { ErrorAlert } from '../../components/ErrorAlert';
import { AuthCard, LoadingHeading } from '../auth';
import { linkFailure, useUnsubscribe, useUnsubscribeLink, type UnsubscribeLink } from './api';
import { LinkError } from './LinkParts';

export const UNSUBSCRIBE_MESSAGES = {
  errorTitle: 'Unsubscribe Error',
  loadFailed: 'Failed to process unsubscribe link',
  failed: 'Failed to unsubscribe',
} as const;

/**
 * UnsubscribePage is the unsubscribe link (/email/unsubscribe/{token}): it
 * asks first, and one click turns that choir's email off. Opening it does nothing.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  return <UnsubscribeScreen key={token} token={token} />;
}

function UnsubscribeScreen({ token }: { token: string }) {
  const link = useUnsubscribeLink(token);
  if (link.isPending) return <LoadingHeading />;
  if (link.isError) {
    return <LinkError title={UNSUBSCRIBE_MESSAGES.errorTitle} message={linkFailure(link.error, UNSUBSCRIBE_MESSAGES.loadFailed)} />;
  }
  if (!link.data.subscribed) return <Unsubscribed link={link.data} />;
  return <ConfirmUnsubscribe token={token} link={link.data} />;
}

function ConfirmUnsubscribe({ token, link }: { token: string; link: UnsubscribeLink }) {
  const { submit, submitting } = useUnsubscribe(token);
  const [failure, setFailure] = useState<string | null>(null);

  async function unsubscribe() {
    setFailure(null);
    try {
      await submit();
    } catch (err) {
      setFailure(linkFailure(err, UNSUBSCRIBE_MESSAGES.failed));
    }
  }

  return (
    <AuthCard title={`Stop emails from ${link.choirName}?`}>
      <Text ta="center" style={{ overflowWrap: 'anywhere' }}>
        Event invitations, RSVP requests and practice links from {link.choirName} will no longer be sent to{' '}
        <strong>{link.email}</strong>.
      </Text>
      {failure && (
        <ErrorAlert role="alert">
          <Text size="sm">{failure}</Text>
        </ErrorAlert>
      )}
      <Button fullWidth size="md" color="red.9" onClick={() => void unsubscribe()} loading={submitting}>
        Unsubscribe
      </Button>
    </AuthCard>
  );
}

function Unsubscribed({ link }: { link: UnsubscribeLink }) {
  return (
    <AuthCard
      title="Unsubscribed"
      icon={
        <Box c={successColor} display="flex">
          <IconCircleCheck size={40} aria-hidden />
        </Box>
      }
    >
      <Stack gap="sm">
        <Text ta="center" role="status" style={{ overflowWrap: 'anywhere' }}>
          You will no longer receive emails from {link.choirName}.
        </Text>
        <Text size="sm" c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
          Changed your mind? Sign in and turn on emails from {link.choirName} under{' '}
          <Anchor component={Link} to="/account/notifications" underline="always" inherit>
            Account → Notifications
          </Anchor>
          .
        </Text>
      </Stack>
    </AuthCard>
  );
}
