import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { HttpError } from '../../api/client';
import { handleError, isNetworkFailure, normaliseError } from '../../app/errors';
import { showServerErrors } from '../../app/forms';
import { notify } from '../../app/notify';
import type { PlanId } from '../../app/billing';
import { useCreateChoir, type ChoirCreate, type ChoirDetails } from './api';
import { ChoirFields, emptyChoirValues, type ChoirFormValues } from './ChoirFields';
import { validateAffiliation, validateChoirDetails, type ChoirErrors } from './validation';

export const CREATE_UNEXPECTED_ERROR = 'An unexpected error occurred while creating your choir.';

/** createdMessage is the success toast of accounts §4.11. */
export function createdMessage(choirName: string): string {
  return `🎵 ${choirName} has been created successfully!`;
}

/** createFailureMessage: the server's (or the network's) message, else the unexpected-error text. */
export function createFailureMessage(err: unknown): string {
  if (err instanceof HttpError || isNetworkFailure(err)) {
    return `Failed to create choir: ${normaliseError(err).message}`;
  }
  return CREATE_UNEXPECTED_ERROR;
}

export function validateChoirForm(values: ChoirFormValues): ChoirErrors {
  const errors = validateChoirDetails(values);
  const affiliation = validateAffiliation(values.religiousAffiliationId);
  if (affiliation) errors.religiousAffiliationId = affiliation;
  return errors;
}

function requestBody(values: ChoirFormValues, plan: PlanId | undefined): ChoirCreate {
  const body: ChoirCreate = {
    name: values.name.trim(),
    country: values.country ?? '',
    religiousAffiliationId: values.religiousAffiliationId ?? '',
    timeZone: values.timeZone ?? '',
  };
  const city = values.city.trim();
  const postcode = values.postcode.trim();
  if (city) body.city = city;
  if (postcode) body.postcode = postcode;
  if (plan) body.plan = plan;
  return body;
}

export interface ChoirRegistrationFormProps {
  /** standard: the onboarding wizard's first choir; additional: another choir of a signed-in user. */
  mode: 'standard' | 'additional';
  /** The plan chosen in the onboarding wizard. */
  plan?: PlanId;
  /** Runs after the choir exists, the session is refreshed and the toast is shown. */
  onCreated: (choir: ChoirDetails) => void;
  /** Shown beside the submit button, such as the wizard's Back. */
  secondaryAction?: ReactNode;
}

/**
 * ChoirRegistrationForm creates a choir (accounts §2.14 'Choir creation
 * step', §4.11): on success the new choir becomes the active one, the session
 * is refreshed, and after a short pause the success toast shows.
 */
export function ChoirRegistrationForm({ mode, plan, onCreated, secondaryAction }: ChoirRegistrationFormProps) {
  const create = useCreateChoir();
  const form = useForm<ChoirFormValues>({ initialValues: emptyChoirValues(), validate: validateChoirForm });

  async function onSubmit(values: ChoirFormValues) {
    try {
      await create.submit(requestBody(values, plan), {
        onSuccess: (choir) => {
          notify.success(createdMessage(choir.name));
          onCreated(choir);
        },
        onError: (err) => {
          showServerErrors(form, err);
          handleError(err, createFailureMessage(err));
        },
      });
    } catch {
      // onError has shown why.
    }
  }

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label={mode === 'additional' ? 'New choir' : 'Your choir'}>
      <Stack gap="md">
        <Text size="sm">
          {mode === 'additional'
            ? 'Enter the details of your new choir. You will be its choir administrator.'
            : 'Tell us about your choir. You can change these details later in Choir Settings.'}
        </Text>
        <ChoirFields form={form} disabled={create.submitting} />
        <Group justify="space-between" gap="sm">
          {secondaryAction ?? <span />}
          <Button type="submit" disabled={create.submitting}>
            {create.submitting ? 'Creating Choir...' : 'Create Choir'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
