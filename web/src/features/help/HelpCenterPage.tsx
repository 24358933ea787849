import { Anchor, Badge, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { linkColor } from '../../app/theme';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { useHelpGuides, type HelpGuideSummary } from './api';
import { AUDIENCE_LABELS, useHelpBase } from './audience';

/** The longest search the server takes (MaxQuery in internal/help). */
const MAX_QUERY = 200;

/**
 * HelpCenterPage lists the guides, the reader's own first (the server orders
 * them), and searches their titles and text as the reader types.
 */
export function HelpCenterPage() {
  const base = useHelpBase();
  const form = useForm({
    initialValues: { q: '' },
    validate: { q: (v) => (v.length > MAX_QUERY ? `Search for at most ${MAX_QUERY} characters.` : null) },
    validateInputOnChange: true,
  });
  const [q] = useDebouncedValue(form.values.q.trim().slice(0, MAX_QUERY), 250);
  const guides = useHelpGuides(q);

  return (
    <Container size="md" px={base === '/help' ? 'md' : 0} py={base === '/help' ? 'xl' : 0}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Help Center</Title>
          <Text c="dimmed">Short guides to every part of Cantica, for directors, singers and administrators.</Text>
        </Stack>
        <form role="search" onSubmit={form.onSubmit(() => undefined)}>
          <TextInput
            label="Search guides"
            placeholder="For example: practice, recurring, CSV"
            leftSection={<IconSearch size={16} aria-hidden />}
            maxLength={MAX_QUERY}
            {...form.getInputProps('q')}
          />
        </form>
        {guides.isPending ? (
          <SectionLoading label="Loading guides" />
        ) : guides.isError ? (
          <SectionError title="Unable to load the guides" error={guides.error} onRetry={() => void guides.refetch()} />
        ) : guides.data.length === 0 ? (
          <Text role="status">No guide matches “{q}”.</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Guides">
            {guides.data.map((g) => (
              <GuideItem key={g.id} guide={g} base={base} />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

function GuideItem({ guide, base }: { guide: HelpGuideSummary; base: string }) {
  return (
    <Paper component="li" withBorder p="md">
      <Stack gap={6}>
        <Anchor component={Link} to={`${base}/${guide.id}`} fw={600} c={linkColor}>
          {guide.title}
        </Anchor>
        <Text size="sm">{guide.summary}</Text>
        <Group gap={6}>
          {guide.audience.map((a) => (
            <Badge key={a} variant="light" color="gray" size="sm">
              {AUDIENCE_LABELS[a]}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
