import { Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ERROR_CONTEXT_MESSAGES, reportFailure } from '../../app/errors';
import { notify } from '../../app/notify';
import { useSetMyVoiceParts, VOICE_PARTS_SAVED, type MusicalRole } from '../members';
import { forget, useDismiss } from './weekApi';

export const VOICE_PART_QUESTION = 'Which part do you sing?';

/**
 * VoicePartQuestion asks a singer without a voice part, once, which part
 * they sing: a tap on a part saves it (the directory's own operation);
 * 'Not now', or closing, is remembered on the server, so it is not asked again.
 */
export function VoicePartQuestion({ choirId, choirName, userId, parts }: { choirId: string; choirName: string; userId: string; parts: MusicalRole[] }) {
  const queryClient = useQueryClient();
  const save = useSetMyVoiceParts(choirId);
  const dismiss = useDismiss(choirId);
  const [chosen, setChosen] = useState<string | null>(null);

  function notNow() {
    if (save.submitting) return;
    void dismiss.submit('voicePartQuestion').catch(() => {});
  }

  async function choose(part: MusicalRole) {
    setChosen(part.id);
    try {
      await save.submit(
        { userId, musicalRoleIds: [part.id] },
        {
          onSuccess: () => {
            forget(queryClient, choirId, 'voicePartQuestion');
            notify.success(VOICE_PARTS_SAVED);
          },
          onError: (err) => reportFailure(err, ERROR_CONTEXT_MESSAGES.members.update),
        },
      );
    } catch {
      // onError has said why; the question stays for another try.
    }
  }

  return (
    <Modal opened onClose={notNow} title={VOICE_PART_QUESTION} centered>
      <Stack gap="md">
        <Text size="sm">Choose your voice part in {choirName}, so your director sees it. You can change it later in your profile.</Text>
        <SimpleGrid cols={2} spacing="sm">
          {parts.map((part) => (
            <Button key={part.id} variant="default" size="md" loading={save.submitting && chosen === part.id} onClick={() => void choose(part)}>
              {part.name}
            </Button>
          ))}
        </SimpleGrid>
        <Button variant="subtle" onClick={notNow} disabled={save.submitting}>
          Not now
        </Button>
      </Stack>
    </Modal>
  );
}
