import { Button, List, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { HttpError } from '../../api/client';
import { sessionQueryKey, useSession } from '../../app/session';
import { difficultyLabel, formatDuration } from '../../components/format';
import { AuthCard, LoadingHeading } from '../auth';
import { linkFailure, useOpenPracticeLink, usePracticeLink, type PracticeLink } from './api';
import { Fact, Facts, LinkError } from './LinkParts';

export const PRACTICE_MESSAGES = {
  loading: 'Loading practice session...',
  errorTitle: 'Practice Access Error',
  failed: 'Failed to access practice session',
  signedOut: "You'll be redirected to sign in to access the full practice studio with all features.",
} as const;

export const STUDIO_FEATURES = ['PDF viewer', 'Audio playback with controls', 'Speed control', 'Progress tracking'] as const;

/** signInPath leads to sign-in, coming back to the practice link afterwards. */
export function signInPath(token: string): string {
  return `/auth/signin?returnUrl=${encodeURIComponent(`/email/practice/${token}`)}`;
}

/**
 * PracticePage is the practice link screen (/email/practice/{token},
 * calendar §2). Reading the link changes nothing; 'Start Practice Session'
 * uses it (once) and opens the studio in the link's choir.
 */
export function PracticePage() {
  const { token = '' } = useParams();
  return <PracticeScreen key={token} token={token} />;
}

function PracticeScreen({ token }: { token: string }) {
  const link = usePracticeLink(token);
  const [failure, setFailure] = useState<string | null>(null);
  if (failure) return <LinkError title={PRACTICE_MESSAGES.errorTitle} message={failure} />;
  if (link.isPending) return <LoadingHeading message={PRACTICE_MESSAGES.loading} />;
  if (link.isError) {
    return <LinkError title={PRACTICE_MESSAGES.errorTitle} message={linkFailure(link.error, PRACTICE_MESSAGES.failed)} />;
  }
  return <PracticeDetails token={token} link={link.data} onFailure={setFailure} />;
}

function PracticeDetails({
  token,
  link,
  onFailure,
}: {
  token: string;
  link: PracticeLink;
  onFailure: (message: string) => void;
}) {
  const { user, loading } = useSession();
  const { submit, submitting } = useOpenPracticeLink(token);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { music } = link;

  async function start() {
    if (!user) {
      void navigate(signInPath(token));
      return;
    }
    try {
      const opened = await submit();
      if (opened) void navigate(`/dashboard/music/${encodeURIComponent(opened.musicId)}?practice=true`);
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) {
        // The session ended meanwhile: the link is still unused.
        await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        void navigate(signInPath(token));
        return;
      }
      onFailure(linkFailure(err, PRACTICE_MESSAGES.failed));
    }
  }

  return (
    <AuthCard title={music.title} description={link.choirName}>
      <Facts>
        {music.composer && <Fact label="Composer">{music.composer}</Fact>}
        {music.arranger && music.arranger !== music.composer && <Fact label="Arranger">{music.arranger}</Fact>}
        {music.libraryNumber && <Fact label="Library number">{music.libraryNumber}</Fact>}
        {music.rehearsalDifficulty != null && (
          <Fact label="Rehearsal difficulty">{difficultyLabel(music.rehearsalDifficulty)}</Fact>
        )}
        {music.estimatedDurationMinutes != null && (
          <Fact label="Estimated duration">{formatDuration(music.estimatedDurationMinutes)}</Fact>
        )}
        <Fact label="Sheet music (PDF)">{music.hasSheetMusic ? 'Available' : 'Not available'}</Fact>
        <Fact label="Audio track">{music.hasAudio ? 'Available' : 'Not available'}</Fact>
      </Facts>
      <Stack gap={6}>
        <Title order={2} size="h4">
          Practice studio features
        </Title>
        <List size="sm" spacing={2}>
          {STUDIO_FEATURES.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
      </Stack>
      <Stack gap="sm">
        {!loading && !user && (
          <Text size="sm" c="dimmed" ta="center">
            {PRACTICE_MESSAGES.signedOut}
          </Text>
        )}
        <Button fullWidth size="md" onClick={() => void start()} disabled={loading} loading={submitting}>
          Start Practice Session
        </Button>
        <Button component={Link} to="/dashboard" variant="default" fullWidth>
          Dashboard
        </Button>
        <Button component={Link} to="/dashboard/music" variant="default" fullWidth>
          Music Library
        </Button>
      </Stack>
    </AuthCard>
  );
}
