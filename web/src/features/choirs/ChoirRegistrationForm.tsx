import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { HttpError } from '../../api/client';
import { handleError, isNetworkFailure, normaliseError } from '../../app/errors';
import { notify } from '../../app/notify';
import { sessionQueryKey } from '../../app/session';
import type { PlanId } from '../public';
import { createChoir, type ChoirCreate, type ChoirDetails } from './api';
import { choirFieldErrors } from './errors';
import { ChoirFields, emptyChoirValues, type ChoirFormValues } from './ChoirFields';
import { storeActiveChoirId } from '../../app/choir';
import { hasErrors, validateAffiliation, validateChoirDetails, type ChoirErrors } from './validation';

/** Pause after creation before the success toast (accounts §4.11, §9). */
export const POST_CREATION_WAIT_MS = 500;

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

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
  onCreated: (choir: ChoirDetails) => void | Promise<void>;
  /** Shown beside the submit button, such as the wizard's Back. */
  secondaryAction?: ReactNode;
}

/**
 * ChoirRegistrationForm creates a choir (accounts §2.14 'Choir creation
 * step', §4.11): on success the new choir becomes the active one, the session
 * is refreshed, and after a short pause the success toast shows.
 */
export function ChoirRegistrationForm({ mode, plan, onCreated, secondaryAction }: ChoirRegistrationFormProps) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ChoirFormValues>(emptyChoirValues);
  const [errors, setErrors] = useState<ChoirErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const running = useRef(false);

  function change(patch: Partial<ChoirFormValues>) {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch) as (keyof ChoirFormValues)[]) {
        if (key === 'choirType') delete next.religiousAffiliationId;
        else delete next[key];
      }
      return next;
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // A submission made while another runs is ignored.
    if (running.current) return;
    const found = validateChoirForm(values);
    setErrors(found);
    if (hasErrors(found)) return;

    running.current = true;
    setSubmitting(true);
    try {
      let choir: ChoirDetails;
      try {
        choir = await createChoir(requestBody(values, plan));
      } catch (err) {
        setErrors(choirFieldErrors(err));
        handleError(err, createFailureMessage(err));
        return;
      }
      storeActiveChoirId(choir.id);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey, refetchType: 'all' });
      await wait(POST_CREATION_WAIT_MS);
      notify.success(createdMessage(choir.name));
      await onCreated(choir);
    } finally {
      running.current = false;
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={mode === 'additional' ? 'New choir' : 'Your choir'}>
      <Stack gap="md">
        <Text size="sm">
          {mode === 'additional'
            ? 'Enter the details of your new choir. You will be its choir administrator.'
            : 'Tell us about your choir. You can change these details later in Choir Settings.'}
        </Text>
        <ChoirFields values={values} errors={errors} onChange={change} disabled={submitting} />
        <Group justify="space-between" gap="sm">
          {secondaryAction ?? <span />}
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Creating Choir...' : 'Create Choir'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
