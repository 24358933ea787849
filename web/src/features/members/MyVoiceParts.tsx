import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ERROR_CONTEXT_MESSAGES, reportFailure } from '../../app/errors';
import { notify } from '../../app/notify';
import { SECTION_PADDING } from '../../app/theme';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { useMembers, useMusicalRoles, useSetMyVoiceParts, type ChoirMember, type MusicalRole } from './api';

export const VOICE_PARTS_SAVED = 'Voice parts saved';

export interface MyVoicePartsProps {
  choirId: string;
  choirName: string;
  userId: string;
}

/**
 * MyVoiceParts lets a singer pick their own voice parts in the current
 * choir. The current choice is their entry in the choir's directory.
 */
export function MyVoiceParts({ choirId, choirName, userId }: MyVoicePartsProps) {
  const parts = useMusicalRoles(choirId);
  const members = useMembers(choirId);
  const me = members.data?.find((m) => m.userId === userId);

  return (
    <Paper withBorder p={SECTION_PADDING} component="section" aria-labelledby="my-voice-parts">
      <Stack gap="md">
        <div>
          <Title order={3} id="my-voice-parts">
            My voice parts
          </Title>
          <Text size="sm" c="dimmed">
            The parts you sing in {choirName}.
          </Text>
        </div>
        {parts.isPending || members.isPending ? (
          <SectionLoading label="Loading your voice parts" />
        ) : parts.isError || members.isError ? (
          <SectionError
            title="Could not load your voice parts"
            error={parts.error ?? members.error}
            onRetry={() => {
              void parts.refetch();
              void members.refetch();
            }}
          />
        ) : !me ? (
          <Text c="dimmed">You are not listed in this choir&apos;s directory.</Text>
        ) : parts.data.length === 0 ? (
          <Text c="dimmed">The choir has no voice parts yet.</Text>
        ) : (
          <VoicePartsForm key={me.userId} choirId={choirId} me={me} parts={parts.data} />
        )}
      </Stack>
    </Paper>
  );
}

function VoicePartsForm({ choirId, me, parts }: { choirId: string; me: ChoirMember; parts: MusicalRole[] }) {
  const save = useSetMyVoiceParts(choirId);
  const form = useForm({ initialValues: { musicalRoleIds: me.musicalRoles.map((p) => p.id) } });

  async function onSubmit({ musicalRoleIds }: { musicalRoleIds: string[] }) {
    try {
      await save.submit(
        { userId: me.userId, musicalRoleIds },
        {
          onSuccess: (saved) => {
            form.setValues({ musicalRoleIds: saved.musicalRoles.map((p) => p.id) });
            notify.success(VOICE_PARTS_SAVED);
          },
          onError: (err) => reportFailure(err, ERROR_CONTEXT_MESSAGES.members.update),
        },
      );
    } catch {
      // onError has shown why.
    }
  }

  return (
    <form onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="md">
        <Checkbox.Group label="Voice parts" {...form.getInputProps('musicalRoleIds')}>
          <Group gap="md" mt="xs">
            {parts.map((part) => (
              <Checkbox key={part.id} value={part.id} label={part.name} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={save.submitting}>
            Save voice parts
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
