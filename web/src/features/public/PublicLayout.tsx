import { Anchor, Box, Container, Group } from '@mantine/core';
import { IconMusic } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { ThemeToggle } from '../../app/shell/ThemeToggle';
import { Footer } from './Footer';

/** BrandLink is the product name with its mark, leading home. */
export function BrandLink() {
  return (
    <Anchor component={Link} to="/" c="inherit" underline="never" fw={700} fz="lg">
      <Box component="span" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        <IconMusic size={24} aria-hidden="true" />
        Cantica
      </Box>
    </Anchor>
  );
}

/**
 * Layout of the static and other public pages: a plain header, the page, the footer.
 * The landing page has its own richer header and does not use it.
 */
export function PublicLayout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <BrandLink />
            <ThemeToggle />
          </Group>
        </Container>
      </Box>
      <Box component="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}
