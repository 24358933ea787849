import { Button, Group } from '@mantine/core';
import { IconChartBar, IconLayoutList } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { MUSIC_USAGE_PATH } from './links';
import { PlanTemplatesModal } from './PlanTemplatesModal';

export interface PlanningActionsProps {
  choirId: string;
  /** Editors (edit:music or edit:calendar) also get the slot templates. */
  canPlan: boolean;
  /** The buttons' height: 44 px touch targets on the phone page. */
  height?: number;
}

/** PlanningActions are the planning pages' header buttons: 'Slot templates' and 'Usage report'. */
export function PlanningActions({ choirId, canPlan, height }: PlanningActionsProps) {
  const [templates, setTemplates] = useState(false);
  return (
    <Group gap="xs">
      {canPlan && (
        <Button variant="default" h={height} leftSection={<IconLayoutList size={16} aria-hidden />} onClick={() => setTemplates(true)}>
          Slot templates
        </Button>
      )}
      <Button component={Link} to={MUSIC_USAGE_PATH} variant="default" h={height} leftSection={<IconChartBar size={16} aria-hidden />}>
        Usage report
      </Button>
      {canPlan && <PlanTemplatesModal choirId={choirId} opened={templates} onClose={() => setTemplates(false)} />}
    </Group>
  );
}
