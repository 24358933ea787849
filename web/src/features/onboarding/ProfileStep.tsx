import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ProfileFields, profileSaved, useProfileSave, type ProfileValues } from '../account';

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
  const queryClient = useQueryClient();
  const { errors, clearError, onSubmit, submitting } = useProfileSave(values, (saved) => {
    profileSaved(queryClient, saved);
    onSaved();
  });

  function change(field: keyof ProfileValues, value: string) {
    onChange({ ...values, [field]: value });
    clearError(field);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Your profile">
      <Stack gap="md">
        <Title order={2} size="h3">
          Your profile
        </Title>
        <Text>Tell your choir who you are. You can change this later in Account Settings.</Text>
        <ProfileFields values={values} errors={errors} onChange={change} />
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
