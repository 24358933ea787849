import { Anchor, Box, Button, Drawer, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { buttonColor } from '../../app/theme';
import { navLinks } from './navLinks';

/** LandingMenu is the landing page's menu on narrow screens, a drawer from the right. */
export function LandingMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Menu"
      position="right"
      size="xs"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <Box component="nav" aria-label="Mobile">
        <Stack gap="md">
          {navLinks.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} onClick={onClose} c="inherit" fw={500}>
              {link.label}
            </Anchor>
          ))}
          <Button component={Link} to="/login" variant="default" onClick={onClose}>
            Sign In
          </Button>
          <Button component={Link} to="/register" color={buttonColor} onClick={onClose}>
            Get Started
          </Button>
        </Stack>
      </Box>
    </Drawer>
  );
}
