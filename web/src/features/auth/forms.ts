// How the auth screens' forms show their messages (accounts §5): one line
// per failed rule, and the server's per-field messages under the fields.
import type { FormErrors, GetInputPropsReturnType } from '@mantine/form';
import { fieldErrors } from '../../api/client';
import { showServerErrors } from '../../app/forms';
import { messageLines } from './AuthCard';

/** errorLines is the auth forms' enhanceGetInputProps: a message of several lines shows one line each. */
export function errorLines({ inputProps }: { inputProps: GetInputPropsReturnType }) {
  return { error: messageLines(inputProps.error) };
}

/**
 * showFormErrors puts the server's per-field messages under the form's
 * fields when one of them names a field of the form, and says whether it
 * did. A message about something the form does not show (the link's token,
 * say) is left to the page's error box, as before these were forms.
 */
export function showFormErrors(form: { getValues: () => object; setErrors: (errors: FormErrors) => void }, err: unknown): boolean {
  const values = form.getValues();
  if (!Object.keys(fieldErrors(err)).some((field) => field in values)) return false;
  return showServerErrors(form, err);
}
