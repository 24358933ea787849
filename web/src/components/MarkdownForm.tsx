// What the forms that write Markdown for members to read (a choir policy,
// an announcement) share: the text box that says what Markdown it takes and
// counts characters as the server does, and the modal form's submission —
// the server's per-field refusals under their fields, any other one in an
// alert above the buttons, the modal closed once saved.
import { Textarea, type TextareaProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { normaliseError } from '../app/errors';
import { showServerErrors } from '../app/forms';
import type { SubmissionResult } from '../app/mutations';

/** codePoints is a text's length as the server counts it (code points, not UTF-16 units). */
export const codePoints = (s: string) => [...s].length;

interface MarkdownTextareaProps extends Omit<TextareaProps, 'description' | 'value'> {
  value?: string;
  /** The most characters the server takes. */
  max: number;
}

/** MarkdownTextarea is a required Markdown text box with its syntax and its count under it. */
export function MarkdownTextarea({ value, max, ...props }: MarkdownTextareaProps) {
  return (
    <Textarea
      description={`Markdown: **bold**, *italic*, [a link](https://…), lists with -. ${codePoints(value ?? '')} / ${max} characters`}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      required
      value={value}
      {...props}
    />
  );
}

/**
 * useModalSubmit saves a modal form's values through save: on success
 * onDone (which closes the modal); a refusal with per-field messages puts
 * them under their fields, any other is the returned failure to show.
 */
export function useModalSubmit<Values, Variables>(
  form: UseFormReturnType<Values>,
  save: SubmissionResult<void, Variables>,
  onDone: () => void,
): { failure: string | null; submit: (variables: Variables) => Promise<void> } {
  const [failure, setFailure] = useState<string | null>(null);
  async function submit(variables: Variables) {
    setFailure(null);
    try {
      await save.submit(variables, {
        onSuccess: onDone,
        onError: (err) => {
          if (!showServerErrors(form, err)) setFailure(normaliseError(err).message);
        },
      });
    } catch {
      // onError has shown why.
    }
  }
  return { failure, submit };
}

/**
 * ModalForm is the form of a modal: named by its title, checked by
 * @mantine/form rather than the browser, and its submit kept from reaching
 * a form of the page behind the modal (React events bubble through portals).
 */
export function ModalForm({ title, onSubmit, children }: { title: string; onSubmit: (e: React.FormEvent<HTMLFormElement>) => void; children: ReactNode }) {
  return (
    <form
      onSubmit={(e) => {
        e.stopPropagation();
        onSubmit(e);
      }}
      noValidate
      aria-label={title}
    >
      {children}
    </form>
  );
}
