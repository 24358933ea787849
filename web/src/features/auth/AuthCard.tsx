import { Box, Button, Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorColor } from '../../app/theme';

export interface AuthCardProps {
  /** The page's one h1. */
  title: ReactNode;
  description?: ReactNode;
  /** Shown above the title, such as a status icon. */
  icon?: ReactNode;
  children?: ReactNode;
}

/** AuthCard is the narrow card every sign-in screen sits in; it fits a 320 px screen. */
export function AuthCard({ title, description, icon, children }: AuthCardProps) {
  return (
    <Container size={480} px={{ base: 'xs', xs: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={6} align="center">
            {icon}
            <Title order={1} size="h2" ta="center" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {description && (
              <Text c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
                {description}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

/**
 * LoadingHeading is what a page before sign-in (an invitation, an emailed
 * link) shows while it reads what it is about: its text is the page's heading.
 */
export function LoadingHeading({ message = 'Loading...' }: { message?: string }) {
  return (
    <Center py="xl" px="md" mih="50vh">
      <Stack align="center" gap="md" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Title order={1} size="h3" ta="center">
          {message}
        </Title>
      </Stack>
    </Center>
  );
}

export interface ErrorCardProps {
  title: string;
  message: string;
  /** Where its one button leads, and the button's text. */
  to: string;
  action: string;
}

/** ErrorCard is the error card of such a page: its title, the message and one way on. */
export function ErrorCard({ title, message, to, action }: ErrorCardProps) {
  return (
    <AuthCard
      title={title}
      icon={
        <Box c={errorColor} display="flex">
          <IconAlertTriangle size={40} aria-hidden />
        </Box>
      }
    >
      <Text ta="center" role="alert" style={{ overflowWrap: 'anywhere' }}>
        {message}
      </Text>
      <Button component={Link} to={to} fullWidth>
        {action}
      </Button>
    </AuthCard>
  );
}

/**
 * messageLines renders a message that may hold several lines (one per
 * failed rule) one line each; undefined stays undefined so inputs show no error.
 */
export function messageLines(message: string | undefined): ReactNode {
  if (!message) return undefined;
  const lines = message.split('\n').filter((line) => line.trim() !== '');
  if (lines.length <= 1) return message;
  return lines.map((line, i) => (
    <Box component="span" key={i} display="block">
      {line}
    </Box>
  ));
}
