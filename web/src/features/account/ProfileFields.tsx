import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm, type GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { showServerErrors } from '../../app/forms';
import { PROFILE_MESSAGES, serverError } from './errors';
import { useUpdateProfile, type Profile, type ProfileUpdate } from './queries';
import { validateProfile, type ProfileValues } from './validation';

export interface ProfileFieldsProps {
  /** The form's input props of a field (form.getInputProps). */
  inputProps: (field: keyof ProfileValues) => GetInputPropsReturnType;
  /** Fields shown between the names and the phone number. */
  children?: ReactNode;
}

/** ProfileFields are the profile's name and phone number inputs, with their errors (accounts §5). */
export function ProfileFields({ inputProps, children }: ProfileFieldsProps) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="First name" required autoComplete="given-name" {...inputProps('firstName')} />
        <TextInput label="Last name" required autoComplete="family-name" {...inputProps('lastName')} />
      </SimpleGrid>
      {children}
      <TextInput label="Phone number" type="tel" autoComplete="tel" description="Optional" {...inputProps('phoneNumber')} />
    </>
  );
}

/** The values of a profile form: the names and phone number, and the other settings it saves with them. */
export type ProfileFormValues = ProfileValues & Pick<ProfileUpdate, 'sharePhone'>;

/**
 * useProfileForm is a profile form: the accounts §5 checks, the save with
 * its toasts, and the server's messages under the fields. onSaved gets the
 * profile the server kept.
 */
export function useProfileForm<V extends ProfileFormValues>({
  initialValues,
  onSaved,
  onValuesChange,
}: {
  initialValues: V;
  onSaved: (saved: Profile) => void;
  onValuesChange?: (values: V) => void;
}) {
  const update = useUpdateProfile(PROFILE_MESSAGES.success);
  const form = useForm<V>({ initialValues, validate: (values) => validateProfile(values), onValuesChange });

  const onSubmit = form.onSubmit(async (values) => {
    const { firstName, lastName, phoneNumber, ...extra } = values;
    // An empty phone number removes it.
    const body: ProfileUpdate = { ...extra, firstName: firstName.trim(), lastName: lastName.trim(), phoneNumber: phoneNumber.trim() };
    try {
      await update.submit(body, { onSuccess: onSaved, onError: (err) => showServerErrors(form, serverError(err)) });
    } catch {
      // The error toast has said why.
    }
  });

  return { form, onSubmit, submitting: update.submitting };
}
