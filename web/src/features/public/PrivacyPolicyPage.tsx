import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { linkColor } from '../../app/theme';
import { LegalSection } from './LegalSection';

const PRIVACY_EMAIL = 'privacy@cantica.app';

// Each provider's own policy governs what it holds about the user (section 4).
const providerPolicies = [
  { name: 'Google', label: 'Google Privacy Policy', href: 'https://policies.google.com/privacy' },
  {
    name: 'Microsoft',
    label: 'Microsoft Privacy Statement',
    href: 'https://privacy.microsoft.com/privacystatement',
  },
  { name: 'Apple', label: 'Apple Privacy Policy', href: 'https://www.apple.com/legal/privacy/' },
  { name: 'Facebook', label: 'Meta Privacy Policy', href: 'https://www.facebook.com/privacy/policy/' },
];

/** formatLongDate renders a date like "November 23, 2026". */
function formatLongDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Privacy policy at /privacy-policy (accounts spec §2.15). */
export function PrivacyPolicyPage() {
  // The specification asks for today's date, computed when the page is shown.
  const lastUpdated = formatLongDate(new Date());
  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Privacy Policy</Title>
          <Text c="dimmed">{`Last updated: ${lastUpdated}`}</Text>
        </Stack>

        <LegalSection id="introduction" title="Introduction">
          <Text>
            Cantica is a choir management platform used by choir directors, administrators and
            singers to share music, plan rehearsals and services, and keep in touch. This policy
            explains what personal information we collect when you use Cantica, why we collect
            it, how long we keep it and the choices you have.
          </Text>
          <Text>
            It applies to everyone who uses the Cantica web application, whether you run a choir
            or were invited to join one. By using Cantica you agree to the practices described
            here.
          </Text>
        </LegalSection>

        <LegalSection id="authentication" title="Authentication & Data Collection">
          <Text>
            You can sign in with an email address and password, or with an account you already
            hold at an external identity provider. Cantica supports four such providers: Google,
            Microsoft, Apple and Facebook. The sign-in buttons you see depend on how Cantica is
            configured, so not every provider may be offered.
          </Text>
          <Text>
            When you sign in through a provider, we receive only the basic profile it shares with
            us: your name, your email address and an identifier for your account there. We never
            see or store your password for that provider. When you sign up with an email address,
            we store your password only in a salted, one-way hashed form.
          </Text>
          <Text>We collect the following information:</Text>
          <List spacing="xs" withPadding>
            <List.Item>
              Account details: your first and last name, email address and, if you choose to give
              it, your phone number.
            </List.Item>
            <List.Item>
              Choir details: the name, city, postal code, country and tradition of the choirs you
              create, and your role in each choir you belong to.
            </List.Item>
            <List.Item>
              Content your choir adds: music, scores and recordings, calendar events,
              announcements and practice or attendance records.
            </List.Item>
            <List.Item>
              Technical information needed to run the service securely, such as sign-in times and
              the session cookie that keeps you signed in.
            </List.Item>
          </List>
        </LegalSection>

        <LegalSection id="use" title="How We Use Your Information">
          <Text>We use your information only to provide and improve Cantica:</Text>
          <List spacing="xs" withPadding>
            <List.Item>to create your account, sign you in and keep your account secure;</List.Item>
            <List.Item>
              to let your choir&apos;s directors and administrators manage membership, music and
              the calendar;
            </List.Item>
            <List.Item>
              to send the emails the service depends on, such as invitations, password resets,
              trial reminders and the digests you have chosen to receive;
            </List.Item>
            <List.Item>to answer your questions and requests for support;</List.Item>
            <List.Item>to keep the service reliable and to find and fix problems.</List.Item>
          </List>
          <Text>
            We do not sell your personal information, and we do not use it for advertising.
          </Text>
        </LegalSection>

        <LegalSection id="providers" title="Provider-Specific Policies">
          <Text>
            If you sign in through an external identity provider, that provider&apos;s own
            privacy policy also applies to the information it holds about you and to how it
            shares that information with us:
          </Text>
          <List spacing="xs" withPadding>
            {providerPolicies.map((provider) => (
              <List.Item key={provider.name}>
                <Anchor href={provider.href} target="_blank" rel="noopener noreferrer" c={linkColor}>
                  {provider.label}
                </Anchor>
              </List.Item>
            ))}
          </List>
          <Text>
            You can disconnect a provider from your Cantica account under Connected Accounts in
            your account settings, as long as you keep another way to sign in.
          </Text>
        </LegalSection>

        <LegalSection id="retention" title="Data Retention and Deletion">
          <Text>
            We keep your personal information for as long as your account is active. Music and other files you add to a
            choir&apos;s library belong to that choir and remain available to it if you leave.
          </Text>
          <Text>
            You can take your data with you at any time: under{' '}
            <Anchor component={Link} to="/account/privacy" c={linkColor}>
              Your data
            </Anchor>{' '}
            in your account settings, ask for an export. Within minutes we prepare one ZIP file with your profile (JSON),
            your choir memberships, your answers to events and the attendance taken, and your practice sessions (CSV), the
            events of your choirs (a calendar file) and the files you uploaded. We email you when it is ready; only you can
            download it, for 7 days, after which it is deleted.
          </Text>
          <Text>
            You can also delete your account there, confirming with your password, or, if you sign in only through a provider, by signing in with it again. Your account is deactivated at once and
            you are signed out everywhere. For 30 days you can restore it by signing in. On day 30 your account and personal
            data are erased from every part of our database: your name, email address, phone number, sign-in details,
            answers, exports and the email we sent you. Your choirs keep your attendance and practice records without your
            name, so that their statistics do not change, and files you uploaded to a choir&apos;s music library stay in
            that library, attributed to &ldquo;Former member&rdquo;. If you are the only administrator of a choir with
            other members, you first hand the role to another member. We email you when you ask for the deletion and when
            it is done.
          </Text>
        </LegalSection>

        <LegalSection id="security" title="Security">
          <Text>
            All traffic to Cantica is encrypted with HTTPS. Passwords and session secrets are
            stored only as hashes, and access to each choir&apos;s information is limited by the
            roles its administrators assign. We review who can reach our systems and keep our
            software up to date.
          </Text>
          <Text>
            No system is perfectly secure. If you believe you have found a security problem,
            please tell us straight away at the address below.
          </Text>
        </LegalSection>

        <LegalSection id="changes" title="Changes">
          <Text>
            We may update this policy as Cantica grows. The date at the top of this page shows
            when it last changed. If we make a significant change, we will let you know by email
            or in the application before it takes effect.
          </Text>
        </LegalSection>

        <LegalSection id="contact" title="Contact">
          <Text>
            For questions about this policy, or to ask for a copy or the deletion of your data,
            write to us at{' '}
            <Anchor href={`mailto:${PRIVACY_EMAIL}`} c={linkColor} underline="always">
              {PRIVACY_EMAIL}
            </Anchor>
            .
          </Text>
        </LegalSection>
      </Stack>
    </Container>
  );
}
