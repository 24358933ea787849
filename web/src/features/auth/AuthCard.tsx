import { Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

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
