import { Button, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useChoir } from '../../app/choir';

// Only those who may email the choir need the mail dialog: it loads when one of them opens it.
const EmailChoirModal = lazy(() => import('../../components/EmailChoirModal').then((m) => ({ default: m.EmailChoirModal })));

export const EMAIL_PLAN = 'Email this plan to the choir';
export const EMAIL_PLAN_SAVES_FIRST = 'The plan has unsaved changes: they are saved before the email is written.';

export interface EmailPlanButtonProps {
  choirId: string;
  /** The event or occurrence the plan is for; null for a date-only plan, which has nothing to email. */
  eventId: string | null;
  /** Whether the draft differs from the saved plan. */
  dirty: boolean;
  /** Saves the draft; resolves to whether it is saved now. */
  save: () => Promise<boolean>;
  /** The button's height on phones. */
  h?: number;
  fullWidth?: boolean;
}

/**
 * EmailPlanButton sends the event, its plan and practice links to the
 * choir through the event's email dialog (voice parts, note, copy). Only
 * what is saved is emailed: with unsaved changes it says so and saves them
 * first, and opens the dialog only once they are saved. Shown only to
 * those who may email the choir (manage:communications, as the server
 * checks).
 */
export function EmailPlanButton({ choirId, eventId, dirty, save, h, fullWidth }: EmailPlanButtonProps) {
  const { can } = useChoir();
  const [emailing, setEmailing] = useState(false);
  const [saving, setSaving] = useState(false);
  if (!eventId || !can('manage:communications')) return null;

  async function open() {
    if (dirty) {
      setSaving(true);
      const saved = await save().finally(() => setSaving(false));
      if (!saved) return;
    }
    setEmailing(true);
  }

  return (
    <>
      <Button
        variant="default"
        h={h}
        fullWidth={fullWidth}
        leftSection={<IconMail size={16} aria-hidden />}
        loading={saving}
        onClick={() => void open()}
        aria-describedby={dirty ? 'email-plan-unsaved' : undefined}
      >
        {EMAIL_PLAN}
      </Button>
      {dirty && (
        <Text size="sm" c="dimmed" id="email-plan-unsaved">
          {EMAIL_PLAN_SAVES_FIRST}
        </Text>
      )}
      <Suspense fallback={null}>
        <EmailChoirModal
          choirId={choirId}
          target={{ eventId }}
          title={EMAIL_PLAN}
          opened={emailing}
          onClose={() => setEmailing(false)}
        />
      </Suspense>
    </>
  );
}
