import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconMusic } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { linkColor } from '../../app/theme';

const DOCUMENTATION_URL = 'https://docs.cantica.app';
const CONTACT_EMAIL = 'hello@cantica.app';

function FooterLink({ to, href, children }: { to?: string; href?: string; children: ReactNode }) {
  if (to) {
    return (
      <Anchor component={Link} to={to} size="sm" c={linkColor}>
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor href={href} size="sm" c={linkColor}>
      {children}
    </Anchor>
  );
}

/** Footer of the public pages (accounts spec §2.5). */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      py="xl"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Container size="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="lg">
            <Stack gap={4} maw={360}>
              <Group gap={6}>
                <IconMusic size={20} aria-hidden="true" />
                <Text fw={700}>Cantica</Text>
              </Group>
              <Text size="sm" c="dimmed">
                Streamlining choir management for the modern age.
              </Text>
            </Stack>
            <Box component="nav" aria-label="Footer">
              <Box
                component="ul"
                m={0}
                p={0}
                style={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 'var(--mantine-spacing-md)' }}
              >
                <li>
                  <FooterLink to="/about">About Us</FooterLink>
                </li>
                <li>
                  <FooterLink to="/privacy-policy">Privacy Policy</FooterLink>
                </li>
                <li>
                  <FooterLink to="/terms">Terms of Service</FooterLink>
                </li>
                <li>
                  <Anchor
                    href={DOCUMENTATION_URL}
                    target="_blank"
                    rel="noopener noreferrer"
                    size="sm"
                    c={linkColor}
                  >
                    Documentation
                    <IconExternalLink
                      size={14}
                      aria-hidden="true"
                      style={{ marginLeft: 4, verticalAlign: 'middle' }}
                    />
                  </Anchor>
                </li>
                <li>
                  <FooterLink to="/help">Help Center</FooterLink>
                </li>
                <li>
                  <FooterLink href={`mailto:${CONTACT_EMAIL}`}>Contact Us</FooterLink>
                </li>
              </Box>
            </Box>
          </Group>
          <Text size="sm" c="dimmed">
            {`© ${year} Cantica. All rights reserved.`}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
