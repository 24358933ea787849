import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { PUBLIC_LAYOUT_PATHS, serverPattern } from './src/app/publicPaths.ts';
import { pagePreloads } from './vite.shared.ts';

// The public app (src/app/PublicApp.tsx, entry public.html): the pages a
// visitor opens without signing in, built after the signed-in app into the
// same dist/ (which that build empties first). A build of its own, so that
// none of the signed-in app's code, nor React Router's data router, which only
// the signed-in app uses, is in what these pages download.
const PUBLIC_LAYOUT = 'src/features/public/PublicLayout.tsx';
const PAGE_FILES: Record<string, string> = {
  '/privacy-policy': 'public/PrivacyPolicyPage',
  '/terms': 'public/TermsPage',
  '/about': 'public/AboutPage',
  '/login': 'auth/LoginPage',
  '/register': 'auth/RegisterPage',
  '/forgot-password': 'auth/ForgotPasswordPage',
  '/reset-password': 'auth/ResetPasswordPage',
  '/auth/callback': 'auth/AuthCallbackPage',
  '/accept-invite': 'invitations/AcceptInvitePage',
  '/auth/signin': 'auth/SignInRedirect',
  '/email/rsvp/:token/:action?': 'emaillinks/RsvpPage',
  '/email/practice/:token': 'emaillinks/PracticePage',
  '/email/event/:token': 'emaillinks/EventPage',
  '/email/unsubscribe/:token': 'emaillinks/UnsubscribePage',
  '/help': 'help/HelpCenterPage',
  '/help/:guideId': 'help/GuidePage',
};

// .vite/public-preloads.json: every path the server sends public.html for, with
// the code of its page to preload. The server learns the public paths from it.
const PAGE_MODULES: Record<string, string[]> = {
  '/': ['src/features/public/LandingPage.tsx'],
  ...Object.fromEntries(
    PUBLIC_LAYOUT_PATHS.map((path) => {
      const file = PAGE_FILES[path];
      if (!file) throw new Error(`vite.public.config.ts: no page file for ${path}; add it to PAGE_FILES`);
      return [serverPattern(path), [PUBLIC_LAYOUT, `src/features/${file}.tsx`]];
    }),
  ),
};

export default defineConfig({
  plugins: [react(), pagePreloads(PAGE_MODULES, 'public-preloads.json')],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    // Beside the signed-in app's manifest.json (scripts/check-budgets.mjs reads both).
    manifest: '.vite/public-manifest.json',
    rolldownOptions: {
      input: 'public.html',
      output: {
        codeSplitting: {
          groups: [
            // What nearly every public page needs at start, in one file rather than two dozen (over
            // HTTP/1.1 each file costs a phone a round trip): Mantine's provider and primitives, its
            // inputs and form, the hooks they use, what every icon is made with, the app's session,
            // theme and API client, and the pieces the sign-in pages share. The tests name
            // folders, not whole packages: the build also holds, unused, modules of pages that are not
            // the public app's, which a whole package would bring in.
            {
              name: 'public-start',
              test: new RegExp(
                [
                  String.raw`@mantine[\/]core[\/]esm[\/](core|components[\/](Anchor|Box|Button|Center|Container|Group|Loader|Paper|Stack|Text|Title|Transition|UnstyledButton|ActionIcon|Input|InputBase|TextInput|PasswordInput|Checkbox|CloseButton|Divider|Alert))[\/]`,
                  String.raw`@mantine[\/]form[\/]`,
                  String.raw`@mantine[\/]hooks[\/]esm[\/]use-(id|merged-ref|uncontrolled|reduced-motion|did-update|isomorphic-effect|window-event|media-query|force-update|disclosure)[\/]`,
                  String.raw`@tabler[\/]icons-react[\/]dist[\/]esm[\/](createReactComponent|defaultAttributes)`,
                  String.raw`klona|fast-deep-equal`,
                  // The app's own start-up modules and the pieces the sign-in pages share.
                  String.raw`src[\\/]app[\\/](choir|errors|notify|session|storage|theme|mutations|forms|queryClient|carriedToasts|permissions)\.`,
                  String.raw`src[\\/]api[\\/]client\.`,
                  String.raw`src[\\/]components[\\/]ErrorAlert\.`,
                  String.raw`src[\\/]features[\\/]public[\\/](PublicLayout|Footer|navLinks)\.`,
                  String.raw`src[\\/]features[\\/]auth[\\/](AuthCard|SocialLogin|authApi|useCompleteSignIn|SubmitButton|forms|validation|passwordRules)\.`,
                  String.raw`src[\\/]features[\\/]invitations[\\/](acceptPending|storage)\.`,
                ].join('|'),
              ),
            },
          ],
        },
      },
    },
  },
});
