import { List, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { PASSWORD_RULES } from './passwordRules';

/** PasswordChecklist shows the five rules live as the password is typed. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <List spacing={4} size="sm" aria-label="Password requirements" center>
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <List.Item
            key={rule.id}
            data-met={met}
            icon={
              <ThemeIcon color={met ? 'teal' : 'gray'} size={18} radius="xl" aria-hidden>
                {met ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            {rule.label}
            <VisuallyHidden>{met ? ' (met)' : ' (not met)'}</VisuallyHidden>
          </List.Item>
        );
      })}
    </List>
  );
}
