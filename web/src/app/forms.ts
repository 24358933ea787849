// The one way the web app's forms meet the server's rules: @mantine/form
// holds the values and the messages; a refused change's per-field details
// go under the fields they name.
import type { FormErrors } from '@mantine/form';
import type { ReactNode } from 'react';
import { fieldErrors } from '../api/client';

/**
 * showServerErrors puts the server's per-field messages (the details of a
 * VALIDATION_ERROR) under the form's fields. names maps a server field to
 * the form's path where they differ; render turns a message into what the
 * field shows (several lines, say). It says whether any message was shown.
 */
export function showServerErrors(
  form: { setErrors: (errors: FormErrors) => void },
  err: unknown,
  { names = {}, render }: { names?: Record<string, string>; render?: Record<string, (message: string) => ReactNode> } = {},
): boolean {
  const details = fieldErrors(err);
  const shown: Record<string, ReactNode> = {};
  for (const [field, message] of Object.entries(details)) {
    const path = names[field] ?? field;
    shown[path] = render?.[path] ? render[path](message) : message;
  }
  if (Object.keys(shown).length === 0) return false;
  form.setErrors(shown);
  return true;
}

/** The longest search text the server takes (it refuses more in words). */
export const SEARCH_MAX_LENGTH = 200;
