import { SimpleGrid, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useFormSubmission } from '../../app/notify';
import { fieldErrors, PROFILE_MESSAGES, profileErrorMessage, withMessage } from './errors';
import { updateProfile, type Profile, type ProfileUpdate } from './queries';
import { hasErrors, validateProfile, type ProfileErrors, type ProfileValues } from './validation';

export interface ProfileFieldsProps {
  values: ProfileValues;
  errors: ProfileErrors;
  onChange: (field: keyof ProfileValues, value: string) => void;
  /** Fields shown between the names and the phone number. */
  children?: ReactNode;
}

/** ProfileFields are the profile's name and phone number inputs, with their errors (accounts §5). */
export function ProfileFields({ values, errors, onChange, children }: ProfileFieldsProps) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="First name"
          required
          autoComplete="given-name"
          value={values.firstName}
          onChange={(e) => onChange('firstName', e.currentTarget.value)}
          error={errors.firstName}
        />
        <TextInput
          label="Last name"
          required
          autoComplete="family-name"
          value={values.lastName}
          onChange={(e) => onChange('lastName', e.currentTarget.value)}
          error={errors.lastName}
        />
      </SimpleGrid>
      {children}
      <TextInput
        label="Phone number"
        type="tel"
        autoComplete="tel"
        description="Optional"
        value={values.phoneNumber}
        onChange={(e) => onChange('phoneNumber', e.currentTarget.value)}
        error={errors.phoneNumber}
      />
    </>
  );
}

/**
 * useProfileSave checks the values and saves them, showing the outcome; the
 * field errors come from the checks or from the server. onSaved gets the
 * profile the server kept. extra carries the other profile settings a form
 * saves with the names (such as sharePhone).
 */
export function useProfileSave(
  values: ProfileValues,
  onSaved: (saved: Profile) => void,
  extra: Omit<ProfileUpdate, keyof ProfileValues> = {},
) {
  const { submit, submitting } = useFormSubmission();
  const [errors, setErrors] = useState<ProfileErrors>({});

  function clearError(field: keyof ProfileValues) {
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateProfile(values);
    setErrors(found);
    if (hasErrors(found)) return;
    // An empty phone number removes it.
    const body = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phoneNumber: values.phoneNumber.trim(),
      ...extra,
    };
    try {
      await submit(
        withMessage(() => updateProfile(body), profileErrorMessage),
        {
          successMessage: PROFILE_MESSAGES.success,
          onSuccess: onSaved,
          onError: (err) => {
            const server = fieldErrors(err);
            setErrors({ firstName: server.firstName, lastName: server.lastName, phoneNumber: server.phoneNumber });
          },
        },
      );
    } catch {
      // Already shown by the submission flow.
    }
  }

  return { errors, clearError, onSubmit, submitting };
}
