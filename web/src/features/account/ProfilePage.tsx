import { Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useChoir } from '../../app/choir';
import { SECTION_PADDING } from '../../app/theme';
import { SectionError, SectionLoading } from '../../components/SectionState';
import { MyVoiceParts } from '../members';
import { ProfileFields, useProfileForm, type ProfileFormValues } from './ProfileFields';
import { useProfile, type Profile } from './queries';

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

function valuesOf(profile: Profile): ProfileFormValues & { sharePhone: boolean } {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    phoneNumber: profile.phoneNumber ?? '',
    sharePhone: profile.sharePhone,
  };
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { form, onSubmit, submitting } = useProfileForm({
    initialValues: valuesOf(profile),
    onSaved: (saved) => form.setValues(valuesOf(saved)),
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Profile">
      <Stack gap="md">
        <ProfileFields inputProps={(field) => form.getInputProps(field)}>
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
          {...form.getInputProps('sharePhone', { type: 'checkbox' })}
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
