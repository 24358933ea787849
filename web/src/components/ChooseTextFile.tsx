import { Button, FileButton } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useRef, type ReactNode } from 'react';

export const FILE_UNREADABLE = 'The file could not be read.';

export interface ChooseTextFileProps {
  /** The file chooser's filter, e.g. '.csv,text/csv'. */
  accept: string;
  /** The accessible name of the (hidden) file input. */
  inputLabel: string;
  /** The button's text. */
  children: ReactNode;
  /** Gets the file's text once read. */
  onRead: (text: string, file: File) => void;
  /** Gets FILE_UNREADABLE when the browser cannot read the file. */
  onError: (message: string) => void;
  disabled?: boolean;
}

/**
 * ChooseTextFile is the upload half of a paste-or-upload field: a button that
 * opens the file chooser and hands over the chosen file's text, to go into
 * the text box beside it. The same file may be chosen again.
 */
export function ChooseTextFile({ accept, inputLabel, children, onRead, onError, disabled }: ChooseTextFileProps) {
  const resetRef = useRef<() => void>(null);

  async function read(file: File | null) {
    if (!file) return;
    try {
      onRead(await file.text(), file);
    } catch {
      onError(FILE_UNREADABLE);
    } finally {
      resetRef.current?.();
    }
  }

  return (
    <FileButton
      onChange={(file) => void read(file)}
      accept={accept}
      resetRef={resetRef}
      disabled={disabled}
      inputProps={{ 'aria-label': inputLabel }}
    >
      {(props) => (
        <Button variant="default" leftSection={<IconFileUpload size={16} aria-hidden />} disabled={disabled} {...props}>
          {children}
        </Button>
      )}
    </FileButton>
  );
}
