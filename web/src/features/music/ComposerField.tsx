import { Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Composer, ComposerResolution } from './api';
import type { ComposerState } from './musicForm';

export interface ComposerFieldProps {
  value: string;
  state: ComposerState;
  /** The server's answer for the name typed, when it has come. */
  resolution: ComposerResolution | undefined;
  /** The name is being looked up. */
  checking: boolean;
  error?: ReactNode;
  onTextChange: (text: string) => void;
  onBlur?: () => void;
  /** The person chose or confirmed one of the choir's composers. */
  onChoose: (composer: Pick<Composer, 'id' | 'name'>) => void;
  /** The person said the composer is someone new. */
  onNew: () => void;
  /** Back to the suggestions. */
  onUndo: () => void;
}

/**
 * ComposerField is the composer's name with what the library makes of it
 * (calendar §9): as the person types, the name is matched against the
 * choir's composers and the famous list, and the recommendation is said in
 * words. Only a sure match (auto_match) is taken without asking, and it can
 * be undone; anything less is a question the person answers.
 */
export function ComposerField({
  value,
  state,
  resolution,
  checking,
  error,
  onTextChange,
  onBlur,
  onChoose,
  onNew,
  onUndo,
}: ComposerFieldProps) {
  return (
    <Stack gap={6}>
      <TextInput
        label="Composer"
        value={value}
        onChange={(e) => onTextChange(e.currentTarget.value)}
        onBlur={onBlur}
        error={error}
        autoComplete="off"
        rightSection={checking ? <Loader size="xs" aria-hidden /> : undefined}
      />
      {state.kind !== 'empty' && (
        <Paper withBorder p="xs" role="region" aria-label="Composer suggestions" aria-live="polite" aria-busy={checking}>
          <Suggestion value={value} state={state} resolution={resolution} onTextChange={onTextChange} onChoose={onChoose} onNew={onNew} onUndo={onUndo} />
        </Paper>
      )}
    </Stack>
  );
}

type SuggestionProps = Pick<ComposerFieldProps, 'value' | 'state' | 'resolution' | 'onTextChange' | 'onChoose' | 'onNew' | 'onUndo'>;

function Suggestion({ value, state, resolution, onTextChange, onChoose, onNew, onUndo }: SuggestionProps) {
  switch (state.kind) {
    case 'empty':
      return null;
    case 'pending':
      return (
        <Text size="sm" c="dimmed">
          Looking for this composer in your library...
        </Text>
      );
    case 'chosen':
      return state.auto ? (
        <Group gap="xs" justify="space-between">
          <Text size="sm">
            Matched to <strong>{state.composer.name}</strong> in your library.
          </Text>
          <Button size="compact-sm" variant="default" onClick={onNew}>
            No, it&apos;s someone else
          </Button>
        </Group>
      ) : (
        <Group gap="xs" justify="space-between">
          <Text size="sm">
            Composer: <strong>{state.composer.name}</strong>
          </Text>
          <Button size="compact-sm" variant="default" onClick={onUndo}>
            Change composer
          </Button>
        </Group>
      );
    case 'new': {
      // A famous name may fill in the full, canonical spelling of what was typed.
      const suggestions = (resolution?.famousSuggestions ?? []).filter((f) => f.name !== value.trim());
      // The server makes the famous composer only when the library has none
      // of that name; someone else of the same name is made as typed.
      const famous = resolution?.matches.some((m) => m.composer.name.toLowerCase() === resolution.famous?.name.toLowerCase())
        ? undefined
        : resolution?.famous;
      // Only a name the library had a suggestion for can go back to it.
      const asked = resolution && resolution.recommendation !== 'create_new' && resolution.matches.length > 0;
      return (
        <Stack gap={6}>
          <Group gap="xs" justify="space-between">
            <Text size="sm">
              {famous
                ? `A new composer will be added: ${famous.name} (${famous.period}, ${lifeYears(famous.birthYear, famous.deathYear)}).`
                : 'A new composer will be added.'}
            </Text>
            {asked && (
              <Button size="compact-sm" variant="default" onClick={onUndo}>
                Show suggestions
              </Button>
            )}
          </Group>
          {suggestions.length > 0 && (
            <Group gap="xs" role="group" aria-label="Famous composers">
              <Text size="sm" c="dimmed">
                Did you mean:
              </Text>
              {suggestions.map((f) => (
                <Button key={f.name} size="compact-sm" variant="light" onClick={() => onTextChange(f.name)}>
                  {f.name}
                </Button>
              ))}
            </Group>
          )}
        </Stack>
      );
    }
    case 'question': {
      const { resolution: found } = state;
      const best = found.matches[0];
      if (found.recommendation === 'confirm_match' && best) {
        return (
          <Stack gap={6}>
            <Text size="sm">{best.composer.name} — same composer?</Text>
            <Group gap="xs">
              <Button size="compact-sm" onClick={() => onChoose(best.composer)}>
                Yes
              </Button>
              <Button size="compact-sm" variant="default" onClick={onNew}>
                No, it&apos;s someone else
              </Button>
            </Group>
          </Stack>
        );
      }
      return (
        <Stack gap={6}>
          <Text size="sm">Several composers in your library could be this one. Which is it?</Text>
          <Group gap="xs">
            {found.matches.map((m) => (
              <Button key={m.composer.id} size="compact-sm" variant="light" onClick={() => onChoose(m.composer)}>
                {m.composer.name}
              </Button>
            ))}
            <Button size="compact-sm" variant="default" onClick={onNew}>
              None of these, it&apos;s someone else
            </Button>
          </Group>
        </Stack>
      );
    }
  }
}

function lifeYears(birth: number, death: number | null | undefined): string {
  return death ? `${birth}–${death}` : `born ${birth}`;
}
