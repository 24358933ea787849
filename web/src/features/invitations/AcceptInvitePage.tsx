import { Box, Button, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconMailHeart } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { HttpError, type SessionUser } from '../../api/client';
import { handleError, normaliseError } from '../../app/errors';
import { notify } from '../../app/notify';
import { roleLabel } from '../../app/permissions';
import { sessionQueryKey, useSession } from '../../app/session';
import { useSignOut } from '../../app/signOut';
import { successColor } from '../../app/theme';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatDate } from '../../components/format';
import { AuthCard, ErrorCard, LoadingHeading } from '../auth';
import { isUnusableInvitation, JOINED_CHOIR_MESSAGE, sleep } from './acceptPending';
import { fetchInvitation, isInviteToken, useAcceptInvitation, type InvitationAccepted, type InvitationPreview } from './api';
import { rememberPendingInvite } from './storage';

/** The texts of the invitation screen (accounts §2.11, §4.7, §5, §8). */
export const INVITE_MESSAGES = {
  verifying: 'Verifying invitation...',
  noToken: 'Invalid invitation link. No token provided.',
  badFormat: 'Invalid invitation token format.',
  expired: 'This invitation has expired. Please ask the choir admin to send a new invitation.',
  unexpected: 'An error occurred while verifying the invitation. Please try again.',
  acceptFailed: 'Failed to accept invitation',
  acceptFailedToast: 'Failed to accept invitation. Please try again or contact support.',
  wrongAccountHint: 'Logout and login with the correct account',
} as const;

/** Post-invite wait before the dashboard (accounts §9): long enough to read the outcome. */
export const POST_INVITE_WAIT_MS = 1500;

export const invitationQueryKey = (token: string) => ['invitations', token] as const;

/** statusMessage words an invitation that can no longer be accepted (accounts §4.7); null while pending. */
export function statusMessage(status: InvitationPreview['status']): string | null {
  if (status === 'pending') return null;
  if (status === 'expired') return INVITE_MESSAGES.expired;
  return `This invitation has already been ${status}.`;
}

/** verifyFailure: the server's own refusal (bad format, not found), else the general message. */
function verifyFailure(err: unknown): string {
  if (err instanceof HttpError && err.status < 500 && err.body?.message) return err.body.message;
  return INVITE_MESSAGES.unexpected;
}

/**
 * registerLink leads to sign-up with the invitation and whatever of the
 * invitee's details it carries, each URL-encoded (accounts §2.11).
 */
export function registerLink(token: string, invitation: Pick<InvitationPreview, 'email' | 'firstName' | 'lastName'>): string {
  const parts: [string, string][] = [
    ['inviteToken', token],
    ['email', invitation.email],
    ['firstName', invitation.firstName],
    ['lastName', invitation.lastName],
  ];
  const query = parts
    .filter(([, value]) => value)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `/register?${query}`;
}

/**
 * AcceptInvitePage is the invitation screen (/accept-invite?token=…,
 * accounts §2.11 and §4.7). A malformed token is refused before any call.
 */
export function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  if (!token) return <InvitationError message={INVITE_MESSAGES.noToken} />;
  if (!isInviteToken(token)) return <InvitationError message={INVITE_MESSAGES.badFormat} />;
  return <InvitationScreen key={token} token={token} />;
}

type Acceptance =
  | { kind: 'idle' }
  | { kind: 'joined'; result: InvitationAccepted }
  /** The invitation can never be accepted: shown as the error card. */
  | { kind: 'refused'; message: string }
  /** Not this account's invitation, or a failure worth another try: shown on the invitation. */
  | { kind: 'problem'; message: string };

/**
 * useAcceptance accepts the invitation for the signed-in user: on success
 * the joined choir becomes the session's choir and, after the post-invite
 * wait, the user goes to the dashboard.
 */
function useAcceptance(token: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { submit, submitting } = useAcceptInvitation();
  const [state, setState] = useState<Acceptance>({ kind: 'idle' });

  const accept = useCallback(async () => {
    setState({ kind: 'idle' });
    let result: InvitationAccepted | undefined;
    try {
      result = await submit(token);
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) {
        // The session ended meanwhile: reading it again shows the signed-out choices.
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      } else if (isUnusableInvitation(err)) {
        setState({ kind: 'refused', message: normaliseError(err).message });
      } else if (err instanceof HttpError && err.status === 403) {
        // EMAIL_MISMATCH: the message names both addresses.
        setState({ kind: 'problem', message: normaliseError(err).message });
      } else {
        handleError(err, INVITE_MESSAGES.acceptFailedToast);
        setState({ kind: 'problem', message: `${INVITE_MESSAGES.acceptFailed}: ${normaliseError(err).message}` });
      }
      return;
    }
    if (!result) return;
    setState({ kind: 'joined', result });
    if (!result.alreadyMember) notify.success(JOINED_CHOIR_MESSAGE);
    await sleep(POST_INVITE_WAIT_MS);
    void navigate('/dashboard', { replace: true });
  }, [navigate, queryClient, submit, token]);

  return { state, joining: submitting, accept };
}

function InvitationScreen({ token }: { token: string }) {
  const { user, loading } = useSession();
  const invitation = useQuery({
    queryKey: invitationQueryKey(token),
    queryFn: () => fetchInvitation(token),
    // A refusal will not change on a second try, and the status must be current.
    retry: false,
    staleTime: 0,
  });
  const { state, joining, accept } = useAcceptance(token);

  // The server decides whether an accepted invitation was this user's own
  // (then they are already a member), so signed-in users try those too.
  const status = invitation.data?.status;
  const acceptable = status === 'pending' || (!!user && status === 'accepted');

  // Accepted once automatically for a signed-in user (accounts §4.7); the button repeats it.
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!user || !acceptable || autoStarted.current) return;
    autoStarted.current = true;
    void accept();
  }, [user, acceptable, accept]);

  if (state.kind === 'joined') return <Joined result={state.result} />;
  if (state.kind === 'refused') return <InvitationError message={state.message} />;
  if (invitation.isPending || loading) return <Verifying />;
  if (invitation.isError) return <InvitationError message={verifyFailure(invitation.error)} />;
  if (!acceptable) return <InvitationError message={statusMessage(invitation.data.status) ?? INVITE_MESSAGES.unexpected} />;

  return (
    <AuthCard title="You've been invited to join" icon={<IconMailHeart size={40} aria-hidden />}>
      <Stack gap={4} align="center">
        <Text fw={700} fz="xl" ta="center" style={{ overflowWrap: 'anywhere' }}>
          {invitation.data.choirName}
        </Text>
        <Text ta="center">as {roleLabel(invitation.data.role)}</Text>
        {status === 'pending' && (
          <Text size="sm" c="dimmed" ta="center">
            This invitation expires on {formatDate(invitation.data.expiresAt)}.
          </Text>
        )}
      </Stack>
      {user ? (
        <SignedInChoices token={token} user={user} state={state} joining={joining} onAccept={() => void accept()} />
      ) : (
        <SignedOutChoices token={token} invitation={invitation.data} />
      )}
    </AuthCard>
  );
}

function SignedInChoices({
  token,
  user,
  state,
  joining,
  onAccept,
}: {
  token: string;
  user: SessionUser;
  state: Acceptance;
  joining: boolean;
  onAccept: () => void;
}) {
  // Signing out keeps the visitor here, to sign in with the invited account.
  const { signOut, signingOut } = useSignOut(`/accept-invite?token=${encodeURIComponent(token)}`);
  return (
    <Stack gap="md">
      <Text ta="center" style={{ overflowWrap: 'anywhere' }}>
        Signed in as <strong>{user.email}</strong>
      </Text>
      {state.kind === 'problem' && (
        <ErrorAlert role="alert">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {state.message}
          </Text>
        </ErrorAlert>
      )}
      <Button
        fullWidth
        onClick={onAccept}
        disabled={joining}
        leftSection={joining ? <Loader size={16} color="currentColor" aria-hidden /> : undefined}
      >
        {joining ? 'Joining...' : 'Accept Invitation & Join Choir'}
      </Button>
      <Stack gap={6} align="center">
        <Text size="sm" c="dimmed" ta="center">
          {INVITE_MESSAGES.wrongAccountHint}
        </Text>
        <Button variant="default" size="xs" onClick={() => void signOut()} disabled={signingOut || joining}>
          {signingOut ? 'Signing out...' : 'Sign Out'}
        </Button>
      </Stack>
    </Stack>
  );
}

function SignedOutChoices({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  // Kept for after sign-up or sign-in, which accept it (accounts §4.5, §2.10).
  useEffect(() => {
    rememberPendingInvite(token);
  }, [token]);
  return (
    <Stack gap="sm">
      <Text ta="center">Create an account, or sign in, to accept the invitation.</Text>
      <Button component={Link} to={registerLink(token, invitation)} fullWidth>
        Create Account & Join
      </Button>
      <Button component={Link} to="/login" variant="default" fullWidth>
        Sign In with Existing Account
      </Button>
    </Stack>
  );
}

function Joined({ result }: { result: InvitationAccepted }) {
  return (
    <AuthCard
      title={result.alreadyMember ? "You're already a member of" : "You've successfully joined"}
      icon={
        <Box c={successColor} display="flex">
          <IconCircleCheck size={40} aria-hidden />
        </Box>
      }
    >
      <Stack gap="sm" align="center" role="status">
        <Text fw={700} fz="xl" ta="center" style={{ overflowWrap: 'anywhere' }}>
          {result.choirName}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          Taking you to your dashboard...
        </Text>
        <Loader size="sm" aria-hidden />
      </Stack>
    </AuthCard>
  );
}

function Verifying() {
  return <LoadingHeading message={INVITE_MESSAGES.verifying} />;
}

function InvitationError({ message }: { message: string }) {
  return <ErrorCard title="Invitation Error" message={message} to="/" action="Go to Homepage" />;
}
