import { Box, Button, Container, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useChoir, type Membership } from '../../app/choir';
import { roleLabel } from '../../app/permissions';
import { LoadingView } from '../../components/LoadingView';
import { useSelectChoir } from './api';

/**
 * SelectChoirPage is the choir selector of accounts §2.12 (/select-choir):
 * no choirs → /choirs/create; one → chosen for the user; several → straight
 * to the dashboard when a choice stands, else a card per choir.
 */
export function SelectChoirPage() {
  const { choirs, loading, needsSelection, switching } = useChoir();
  const { submit: selectChoir, submitting: accessing } = useSelectChoir();
  const navigate = useNavigate();
  const form = useForm<{ choirId: string | null }>({ initialValues: { choirId: null } });
  const selected = form.getValues().choirId;
  const autoSelected = useRef(false);

  const single = !loading && choirs.length === 1 ? choirs[0].choir.id : null;
  const [singleFailed, setSingleFailed] = useState(false);

  // Exactly one choir: select it and go on, once.
  useEffect(() => {
    if (!single || autoSelected.current) return;
    autoSelected.current = true;
    selectChoir(single, {
      onSuccess: () => navigate('/dashboard', { replace: true }),
      onError: () => setSingleFailed(true),
    }).catch(() => {
      // The switch has shown why.
    });
  }, [single, selectChoir, navigate]);

  if (loading) return <LoadingView />;
  if (choirs.length === 0) return <Navigate to="/choirs/create" replace />;
  if (single && !singleFailed) return <LoadingView message="Opening your choir..." />;
  // Several choirs and a choice that still stands (not while this page is making one).
  if (!needsSelection && !accessing && !switching && choirs.length > 1) return <Navigate to="/dashboard" replace />;

  async function proceed({ choirId }: { choirId: string | null }) {
    if (!choirId) return;
    try {
      await selectChoir(choirId, { onSuccess: () => navigate('/dashboard', { replace: true }) });
    } catch {
      // The switch has shown why.
    }
  }

  return (
    <Box component="main" miw={320}>
      <Container size="sm" py="xl" px={{ base: 'sm', sm: 'md' }}>
        <form onSubmit={form.onSubmit(proceed)}>
          <Stack gap="lg">
            <div>
              <Title order={1}>Select Your Choir</Title>
              <Text c="dimmed" mt={4}>
                Choose the choir to work in now; you can switch at any time.
              </Text>
            </div>

            <Radio.Group {...form.getInputProps('choirId')} name="choir" label="Your choirs">
              <Stack gap="sm" mt="xs">
                {choirs.map((m) => (
                  <ChoirCard key={m.choir.id} membership={m} checked={selected === m.choir.id} />
                ))}
              </Stack>
            </Radio.Group>

            <Group justify="space-between" gap="sm">
              <Button component={Link} to="/choirs/create" variant="default" leftSection={<IconPlus size={16} aria-hidden />}>
                Create New Choir
              </Button>
              <Button type="submit" disabled={!selected || accessing}>
                {accessing ? 'Accessing...' : 'Continue to Dashboard'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Container>
    </Box>
  );
}

function ChoirCard({ membership, checked }: { membership: Membership; checked: boolean }) {
  const { choir, role } = membership;
  const place = [choir.city, choir.country].filter((part) => part && part.trim()).join(', ');
  return (
    <Radio.Card value={choir.id} p="md" radius="md">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Radio.Indicator checked={checked} aria-hidden />
        <span style={{ minWidth: 0 }}>
          <Text span display="block" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {choir.name}
          </Text>
          {place && (
            <Text span display="block" size="sm" c="dimmed">
              {place}
            </Text>
          )}
          <Text span display="block" size="sm">
            {roleLabel(role)}
          </Text>
        </span>
      </Group>
    </Radio.Card>
  );
}
