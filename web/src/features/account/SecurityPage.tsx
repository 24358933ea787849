import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SECTION_PADDING } from '../../app/theme';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { ChangePasswordSection } from './ChangePasswordSection';
import { useProfile } from './queries';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';

function Section({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" withBorder p={SECTION_PADDING} aria-labelledby={id}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} id={id}>
            {title}
          </Title>
          {intro && (
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** SecurityPage: password, two-factor authentication and where the user is signed in. */
/** The two-factor section's introduction: the code is asked for after every sign-in, social ones too. */
export const TWO_FACTOR_INTRO = 'Ask for a code from your authenticator app every time you sign in.';

export function SecurityPage() {
  const profile = useProfile();
  return (
    <Stack gap="md">
      <Title order={2}>Security</Title>
      <Section id="security-password" title="Change password">
        {profile.isPending ? (
          <SectionLoading label="Loading your account" />
        ) : profile.isError ? (
          <SectionError title="Could not load your account" error={profile.error} onRetry={() => void profile.refetch()} />
        ) : (
          <ChangePasswordSection hasPassword={profile.data.hasPassword} />
        )}
      </Section>
      <Section
        id="security-2fa"
        title="Two-factor authentication"
        intro={TWO_FACTOR_INTRO}
      >
        <TwoFactorSection email={profile.data?.email} />
      </Section>
      <Section
        id="security-sessions"
        title="Where you're signed in"
        intro="Browsers and devices signed in to your account. End any session you don't recognise."
      >
        <SessionsSection />
      </Section>
    </Stack>
  );
}
