import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SECTION_PADDING, SectionError, SectionLoading } from './PageState';
import { ProfileFields, useProfileSave } from './ProfileFields';
import { profileSaved, useProfile, type Profile } from './queries';
import type { ProfileValues } from './validation';

/** ProfilePage lets the user change their names and phone number. */
export function ProfilePage() {
  const profile = useProfile();
  return (
    <Stack gap="md">
      <Title order={2}>Profile</Title>
      <Text c="dimmed">Your name and phone number, as your choirs see them.</Text>
      <Paper withBorder p={SECTION_PADDING}>
        {profile.isPending ? (
          <SectionLoading label="Loading your profile" />
        ) : profile.isError ? (
          <SectionError title="Could not load your profile" error={profile.error} onRetry={() => void profile.refetch()} />
        ) : (
          <ProfileForm key={profile.data.id} profile={profile.data} />
        )}
      </Paper>
    </Stack>
  );
}

function valuesOf(profile: Profile): ProfileValues {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    phoneNumber: profile.phoneNumber ?? '',
  };
}

function ProfileForm({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(profile));
  const { errors, clearError, onSubmit, submitting } = useProfileSave(values, (saved) => {
    setValues(valuesOf(saved));
    profileSaved(queryClient, saved);
  });

  function change(field: keyof ProfileValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    clearError(field);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Profile">
      <Stack gap="md">
        <ProfileFields values={values} errors={errors} onChange={change}>
          <TextInput
            label="Email"
            type="email"
            value={profile.email ?? ''}
            readOnly
            autoComplete="email"
            description="You sign in with this address; it cannot be changed here."
          />
        </ProfileFields>
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
