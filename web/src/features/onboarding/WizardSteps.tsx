import { Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useState, type CSSProperties } from 'react';

export interface WizardSteps {
  count: number;
  /** Index of the step shown. */
  active: number;
  /** Steps the user has finished with Next (or an equivalent button). */
  completed: ReadonlySet<number>;
  /** A step can be chosen in the step bar if it is the current one, an earlier one, or completed. */
  canSelect: (step: number) => boolean;
  select: (step: number) => void;
  /** next completes the current step and moves on; the index moves forward only this way. */
  next: () => void;
  back: () => void;
}

/** useWizardSteps holds the step rules of the wizards of accounts §2.14 and §4.11. */
export function useWizardSteps(count: number, initial = 0): WizardSteps {
  // Starting further on (back from checkout) counts the steps before as done.
  const [active, setActive] = useState(initial);
  const [completed, setCompleted] = useState<ReadonlySet<number>>(() => new Set(Array.from({ length: initial }, (_, i) => i)));

  const canSelect = useCallback((step: number) => step <= active || completed.has(step), [active, completed]);

  const select = useCallback(
    (step: number) => {
      if (step >= 0 && step < count && canSelect(step)) setActive(step);
    },
    [canSelect, count],
  );

  const next = useCallback(() => {
    setCompleted((done) => new Set(done).add(active));
    setActive(Math.min(active + 1, count - 1));
  }, [active, count]);

  const back = useCallback(() => setActive((a) => Math.max(0, a - 1)), []);

  return { count, active, completed, canSelect, select, next, back };
}

// Visually hidden but still read: the step names on narrow screens.
const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

export interface WizardStepBarProps {
  steps: WizardSteps;
  labels: readonly string[];
  /** Names the step bar for assistive technology. */
  label: string;
}

/**
 * WizardStepBar is the step bar of a wizard. Step names are buttons, not
 * headings; steps the user may not choose yet are disabled. On narrow screens
 * the names are hidden and one line says where the user is.
 */
export function WizardStepBar({ steps, labels, label }: WizardStepBarProps) {
  const narrow = useMediaQuery('(max-width: 575px)');
  return (
    <nav aria-label={label}>
      <Stepper
        active={steps.active}
        onStepClick={steps.select}
        size="sm"
        styles={narrow ? { stepBody: visuallyHidden } : undefined}
      >
        {labels.map((name, i) => (
          <Stepper.Step
            key={name}
            // The number is followed by a space in the text, so that the
            // visible "2 Profile" reads as two words of the name "Step 2:
            // Profile" (WCAG 2.5.3 Label in Name), not as "2Profile".
            icon={`${i + 1} `}
            label={name}
            allowStepSelect={steps.canSelect(i)}
            disabled={!steps.canSelect(i)}
            aria-label={`Step ${i + 1}: ${name}`}
            aria-current={i === steps.active ? 'step' : undefined}
          />
        ))}
      </Stepper>
      {narrow && (
        <Text size="sm" mt="xs">
          {`Step ${steps.active + 1} of ${labels.length}: ${labels[steps.active]}`}
        </Text>
      )}
    </nav>
  );
}
