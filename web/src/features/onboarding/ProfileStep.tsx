import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { ProfileFields, useProfileForm, type ProfileValues } from '../account';

export interface ProfileStepProps {
  values: ProfileValues;
  onChange: (values: ProfileValues) => void;
  onBack: () => void;
  /** Goes on without saving. */
  onSkip: () => void;
  /** Goes on after the profile was saved. */
  onSaved: () => void;
}

/** ProfileStep is the profile step of the onboarding wizard (accounts §2.14, §5 'Profile step'). */
export function ProfileStep({ values, onChange, onBack, onSkip, onSaved }: ProfileStepProps) {
  // The wizard keeps the values, so that they are still there after Back.
  const { form, onSubmit, submitting } = useProfileForm({
    initialValues: values,
    onSaved: () => onSaved(),
    onValuesChange: onChange,
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Your profile">
      <Stack gap="md">
        <Title order={2} size="h3">
          Your profile
        </Title>
        <Text>Tell your choir who you are. You can change this later in Account Settings.</Text>
        <ProfileFields inputProps={(field) => form.getInputProps(field)} />
        <Group justify="space-between" gap="sm">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onSkip} disabled={submitting}>
              Skip for Now
            </Button>
            <Button type="submit" loading={submitting}>
              Save & Continue
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
