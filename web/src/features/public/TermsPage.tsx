import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { linkColor } from '../../app/theme';
import { LegalSection } from './LegalSection';

const CONTACT_EMAIL = 'hello@cantica.app';

/** Terms of service at /terms (accounts spec §2.15): ten numbered sections. */
export function TermsPage() {
  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Terms of Service</Title>
          <Text c="dimmed">
            Please read these terms carefully. They govern your use of Cantica.
          </Text>
        </Stack>

        <LegalSection id="introduction" title="1. Introduction">
          <Text>
            These Terms of Service (&quot;Terms&quot;) are an agreement between you and Cantica
            (&quot;we&quot;, &quot;us&quot;) about your use of the Cantica choir management
            platform, including the web application and the emails it sends. By creating an
            account or using Cantica you accept these Terms. If you use Cantica on behalf of a
            choir, parish or other organisation, you accept them on its behalf as well.
          </Text>
        </LegalSection>

        <LegalSection id="use-of-service" title="2. Use of Service">
          <Text>
            Cantica helps choirs manage their music, members, calendar and communications. You
            may use it only for lawful purposes and in line with these Terms. In particular, you
            agree not to:
          </Text>
          <List spacing="xs" withPadding>
            <List.Item>upload content you do not have the right to share;</List.Item>
            <List.Item>
              try to reach data of a choir you do not belong to, or probe, disrupt or overload the
              service;
            </List.Item>
            <List.Item>use Cantica to send unsolicited messages or spam;</List.Item>
            <List.Item>resell or sublicense the service without our written permission.</List.Item>
          </List>
        </LegalSection>

        <LegalSection id="account-registration" title="3. Account Registration">
          <Text>
            You need an account to use most of Cantica. Give accurate information when you
            register and keep it up to date. You are responsible for keeping your password safe
            and for everything done with your account; tell us straight away if you suspect that
            someone else is using it.
          </Text>
          <Text>
            Paid plans begin with a 30-day free trial, and no card is needed to start. You may
            cancel or switch plans at any time. There are no setup fees.
          </Text>
        </LegalSection>

        <LegalSection id="intellectual-property" title="4. Intellectual Property">
          <Text>
            Cantica, including its software, design and name, belongs to us and is protected by
            copyright and trademark law. These Terms give you a limited, non-exclusive,
            non-transferable right to use the service while your account is in good standing;
            they do not transfer any ownership to you.
          </Text>
        </LegalSection>

        <LegalSection id="user-content" title="5. User Content">
          <Text>
            You and your choir keep ownership of the music, recordings, events and other content
            you add to Cantica. You give us permission to store, copy and display that content
            only as needed to run the service for you and the members of your choir.
          </Text>
          <Text>
            You are responsible for making sure you have the rights to share what you upload,
            including scores and recordings that may be protected by copyright. We may remove
            content that breaks these Terms or the law.
          </Text>
        </LegalSection>

        <LegalSection id="privacy" title="6. Privacy">
          <Text>
            How we collect, use and protect personal information is described in our{' '}
            <Anchor component={Link} to="/privacy-policy" c={linkColor} underline="always">
              Privacy Policy
            </Anchor>
            , which forms part of these Terms.
          </Text>
        </LegalSection>

        <LegalSection id="termination" title="7. Termination">
          <Text>
            You may stop using Cantica and close your account at any time. We may suspend or
            close an account that seriously or repeatedly breaks these Terms, and we will tell you
            why unless the law prevents us. When an account is closed, your right to use the
            service ends and your personal data is handled as described in the Privacy Policy.
          </Text>
        </LegalSection>

        <LegalSection id="limitation-of-liability" title="8. Limitation of Liability">
          <Text>
            We work hard to keep Cantica available and your data safe, but the service is
            provided &quot;as is&quot;, without warranties of any kind. To the extent the law
            allows, we are not liable for indirect or consequential losses, such as lost data or
            missed rehearsals, and our total liability to you is limited to the amount you paid
            us in the twelve months before the claim arose.
          </Text>
        </LegalSection>

        <LegalSection id="changes-to-terms" title="9. Changes to Terms">
          <Text>
            We may change these Terms from time to time. If a change is significant, we will
            tell you by email or in the application before it takes effect. Continuing to use
            Cantica after that date means you accept the updated Terms.
          </Text>
        </LegalSection>

        <LegalSection id="contact-us" title="10. Contact Us">
          <Text>
            Questions about these Terms are welcome at{' '}
            <Anchor href={`mailto:${CONTACT_EMAIL}`} c={linkColor} underline="always">
              {CONTACT_EMAIL}
            </Anchor>
            .
          </Text>
        </LegalSection>
      </Stack>
    </Container>
  );
}
