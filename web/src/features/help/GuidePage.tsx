import { Anchor, Badge, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { HttpError } from '../../api/client';
import { linkColor } from '../../app/theme';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { useHelpGuide } from './api';
import { AUDIENCE_LABELS, useHelpBase } from './audience';
import './guide.css';

/** GuidePage shows one guide: the server's HTML, rendered from its Markdown and sanitised. */
export function GuidePage() {
  const { guideId = '' } = useParams();
  const base = useHelpBase();
  const navigate = useNavigate();
  const guide = useHelpGuide(guideId);

  // The guide's links to pages of the app open in the app, not afresh; a
  // link to another guide stays in this help center (public or dashboard).
  const followLink = (e: MouseEvent<HTMLElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//')) return;
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate(href.startsWith('/help/') ? base + href.slice('/help'.length) : href);
  };

  return (
    <Container size="md" px={base === '/help' ? 'md' : 0} py={base === '/help' ? 'xl' : 0}>
      <Stack gap="md">
        <Anchor component={Link} to={base} c={linkColor} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            All guides
          </Group>
        </Anchor>
        {guide.isPending ? (
          <SectionLoading label="Loading the guide" />
        ) : guide.isError ? (
          guide.error instanceof HttpError && guide.error.status === 404 ? (
            <Stack gap="xs">
              <Title order={1}>Guide not found</Title>
              <Text>There is no such guide in the help center.</Text>
            </Stack>
          ) : (
            <SectionError title="Unable to load the guide" error={guide.error} onRetry={() => void guide.refetch()} />
          )
        ) : (
          <article>
            <Stack gap="sm">
              <Title order={1}>{guide.data.title}</Title>
              <Group gap={6}>
                <Text size="sm" c="dimmed">
                  For:
                </Text>
                {guide.data.audience.map((a) => (
                  <Badge key={a} variant="light" color="gray" size="sm">
                    {AUDIENCE_LABELS[a]}
                  </Badge>
                ))}
              </Group>
              <Box className="help-guide" onClick={followLink} dangerouslySetInnerHTML={{ __html: guide.data.html }} />
            </Stack>
          </article>
        )}
      </Stack>
    </Container>
  );
}
