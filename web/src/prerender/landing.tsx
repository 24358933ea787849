// The landing page rendered to static HTML at build time (scripts/prerender.mjs
// writes it to dist/landing.html, which the server sends at /). The page then
// runs no React: landingScript.ts brings its header to life.
import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ShellSkeleton } from '../app/shell/ShellSkeleton';
import { canticaCssVariablesResolver, canticaTheme } from '../app/theme';
import { loadLandingContent } from '../features/public';

const LandingContent = await loadLandingContent();

/**
 * renderLanding returns the markup of the landing page, signed out and in the
 * light theme (the page's script in <head> switches to a stored dark choice
 * before the first paint). Mantine's <style> tags for the theme's variables and
 * for responsive style props are part of it. The menu drawer, loaded lazily,
 * renders nothing here; the script builds its own.
 */
export function renderLanding(): string {
  return renderToString(
    <MantineProvider theme={canticaTheme} cssVariablesResolver={canticaCssVariablesResolver} defaultColorScheme="light">
      <MemoryRouter initialEntries={['/']}>
        <LandingContent />
      </MemoryRouter>
    </MantineProvider>,
  );
}

/**
 * renderShellSkeleton returns the markup of the signed-in app's loading shell,
 * which the build writes into index.html: React replaces it on its first render.
 */
export function renderShellSkeleton(): string {
  return renderToString(
    <MantineProvider theme={canticaTheme} cssVariablesResolver={canticaCssVariablesResolver} defaultColorScheme="light">
      <ShellSkeleton />
    </MantineProvider>,
  );
}
