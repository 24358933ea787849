import { Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useChoir } from '../../app/choir';
import { SECTION_PADDING } from '../../app/theme';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { MyVoiceParts } from '../members';
import { ProfileFields, useProfileSave } from './ProfileFields';
import { profileSaved, useProfile, type Profile } from './queries';
import type { ProfileValues } from './validation';

/**
 * ProfilePage lets the user change their names and phone number, whether
 * fellow members see the number, and their voice parts in the current choir.
 */
export function ProfilePage() {
  const profile = useProfile();
  const { currentMembership, can, user } = useChoir();
  // Voice parts belong to a membership, and reading them takes the directory permission.
  const showVoiceParts = !!currentMembership && !!user && can('view:directory');
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
      {showVoiceParts && (
        <MyVoiceParts
          choirId={currentMembership.choir.id}
          choirName={currentMembership.choir.name}
          userId={user.id}
        />
      )}
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
  const [sharePhone, setSharePhone] = useState(profile.sharePhone);
  const { errors, clearError, onSubmit, submitting } = useProfileSave(
    values,
    (saved) => {
      setValues(valuesOf(saved));
      setSharePhone(saved.sharePhone);
      profileSaved(queryClient, saved);
    },
    { sharePhone },
  );

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
        <Checkbox
          label="Share my phone number with my choir"
          description="Choir administrators always see it; other members only when you share it."
          checked={sharePhone}
          onChange={(e) => setSharePhone(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
