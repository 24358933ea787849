import { ActionIcon, useComputedColorScheme, useMantineColorScheme, type ActionIconProps } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { toggledTheme } from '../theme';

/** ThemeToggle switches between the light and dark theme; the choice is stored. */
export function ThemeToggle(props: Omit<ActionIconProps, 'children'>) {
  const { setColorScheme } = useMantineColorScheme();
  const current = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = toggledTheme(current);
  const label = next === 'dark' ? 'Switch to dark theme' : 'Switch to light theme';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(next)}
      {...props}
    >
      {next === 'dark' ? <IconMoon size={18} stroke={1.5} aria-hidden /> : <IconSun size={18} stroke={1.5} aria-hidden />}
    </ActionIcon>
  );
}
