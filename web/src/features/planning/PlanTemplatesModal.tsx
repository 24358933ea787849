import { LABEL_REQUIRED } from './usePlanDraft';
import { ActionIcon, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { usePlanTemplates, useSetPlanTemplate, type PlanTemplate } from './api';
import { MOBILE_QUERY } from '../../components/phone';

/** The event types a template is kept for, as the calendar names them. */
export const TEMPLATE_TYPES: readonly { value: string; label: string }[] = [
  { value: 'service', label: 'Service' },
  { value: 'rehearsal', label: 'Rehearsal' },
  { value: 'concert', label: 'Concert' },
  { value: 'liturgical_feast', label: 'Liturgical feast' },
  { value: 'other', label: 'Other' },
];

export interface PlanTemplatesModalProps {
  choirId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * PlanTemplatesModal edits the slots a new plan starts with, per event
 * type: labels and durations, added, removed and reordered; 'Restore
 * default' goes back to the built-in template.
 */
export function PlanTemplatesModal({ choirId, opened, onClose }: PlanTemplatesModalProps) {
  const phone = useMediaQuery(MOBILE_QUERY);
  return (
    <Modal opened={opened} onClose={onClose} title="Slot templates" size="lg" centered fullScreen={phone}>
      {opened && <Templates choirId={choirId} />}
    </Modal>
  );
}

function Templates({ choirId }: { choirId: string }) {
  const templates = usePlanTemplates(choirId);
  const [eventType, setEventType] = useState('service');
  if (templates.isPending) return <SectionLoading label="Loading the slot templates" />;
  if (templates.isError)
    return <SectionError title="The slot templates could not be loaded" error={templates.error} onRetry={() => void templates.refetch()} />;
  const template = templates.data.find((t) => t.eventType === eventType) ?? { eventType, slots: [], custom: false };
  return (
    <Stack gap="md">
      <Select
        label="Event type"
        data={TEMPLATE_TYPES as { value: string; label: string }[]}
        value={eventType}
        onChange={(v) => v && setEventType(v)}
        allowDeselect={false}
      />
      {/* Keyed by type and by what the server holds: a saved or restored template refills the form. */}
      <TemplateForm key={`${eventType}:${JSON.stringify(template)}`} choirId={choirId} template={template} />
    </Stack>
  );
}

interface SlotValues {
  label: string;
  durationMinutes: number | string;
}

function TemplateForm({ choirId, template }: { choirId: string; template: PlanTemplate }) {
  const save = useSetPlanTemplate(choirId);
  const form = useForm<{ slots: SlotValues[] }>({
    initialValues: { slots: template.slots.map((s) => ({ label: s.label, durationMinutes: s.durationMinutes ?? '' })) },
    validate: {
      slots: {
        label: (v) => (v.trim() ? null : LABEL_REQUIRED),
        durationMinutes: (v) => (v === '' || (Number.isInteger(v) && Number(v) > 0) ? null : 'A duration is a whole number of minutes'),
      },
    },
  });
  const slots = form.getValues().slots;
  const typeName = TEMPLATE_TYPES.find((t) => t.value === template.eventType)?.label ?? template.eventType;

  const send = (values: { slots: SlotValues[] }) =>
    void save
      .submit({
        eventType: template.eventType,
        slots: values.slots.map((s) => ({ label: s.label.trim(), durationMinutes: s.durationMinutes === '' ? null : Number(s.durationMinutes) })),
      })
      .catch(() => {});

  return (
    <form onSubmit={form.onSubmit(send)} noValidate aria-label={`${typeName} template`}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {template.custom ? 'Your choir’s own template.' : 'The default template.'}
        </Text>
        {slots.length === 0 && <Text>No slots: a new plan starts empty.</Text>}
        {slots.map((_, i) => (
          // On a phone the label takes its own line, the minutes and the buttons the next.
          <Group key={form.key(`slots.${i}`)} gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              label={`Slot ${i + 1}`}
              style={{ flex: '1 1 12rem', minWidth: 0 }}
              key={form.key(`slots.${i}.label`)}
              {...form.getInputProps(`slots.${i}.label`)}
            />
            <NumberInput
              label="Minutes"
              w={90}
              min={1}
              allowDecimal={false}
              key={form.key(`slots.${i}.durationMinutes`)}
              {...form.getInputProps(`slots.${i}.durationMinutes`)}
            />
            <Group gap={2} mt={26} wrap="nowrap">
              <ActionIcon variant="subtle" size="lg" aria-label={`Move slot ${i + 1} up`} disabled={i === 0} onClick={() => form.reorderListItem('slots', { from: i, to: i - 1 })}>
                <IconArrowUp size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={`Move slot ${i + 1} down`}
                disabled={i === slots.length - 1}
                onClick={() => form.reorderListItem('slots', { from: i, to: i + 1 })}
              >
                <IconArrowDown size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon variant="subtle" size="lg" color="red" aria-label={`Remove slot ${i + 1}`} onClick={() => form.removeListItem('slots', i)}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        ))}
        <Group justify="space-between" gap="xs">
          <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => form.insertListItem('slots', { label: '', durationMinutes: '' })}>
            Add slot
          </Button>
          <Group gap="xs">
            <Button
              variant="default"
              disabled={!template.custom || save.submitting}
              onClick={() => void save.submit({ eventType: template.eventType, slots: [] }).catch(() => {})}
            >
              Restore default
            </Button>
            <Button type="submit" loading={save.submitting}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
