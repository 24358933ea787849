// ESLint for the web app: typescript-eslint's recommended rules, React's
// rules of hooks, and the import boundaries of DESIGN.md (Frontend).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries. A file in src/features/<a>/ may import app/, components/,
// api/, its own feature, and another feature only through that feature's
// index.ts ('../calendar', never '../calendar/api'). app/ reaches features the
// same way (the router gets their pages from index.ts); components/ and api/
// import no feature. Tests may also use another feature's testing.tsx helpers.
// The rules see paths as written, so each folder depth has its own patterns.
const TS = '*.{ts,tsx}';
const TESTS = ['**/*.test.{ts,tsx}', '**/testing.{ts,tsx}'];
const DEPTHS = [0, 1, 2, 3];
const up = (n) => '(?:\\.\\./)'.repeat(n);
const folders = (n) => '*/'.repeat(n);

const FEATURE_MESSAGE = "Import another feature through its index.ts (e.g. '../calendar'), not its files.";
const COMPONENTS_MESSAGE = 'Shared components import no feature: move what both need into components/.';

/** boundary forbids imports, static and dynamic, whose path matches one of the regexes. */
function boundary(files, rules, ignores = []) {
  return {
    files,
    ignores,
    rules: {
      'no-restricted-imports': ['error', { patterns: rules.map(([regex, message]) => ({ regex, message })) }],
      'no-restricted-syntax': [
        'error',
        // esquery regexes may not contain '/', hence \x2F.
        ...rules.map(([regex, message]) => ({
          selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`,
          message,
        })),
      ],
    },
  };
}

/** featureRules: another feature's files, reached from a depth of `d` folders inside a feature. */
const featureRules = (d, allowed) => [
  [`^${up(d + 1)}(?!\\.\\.)[^/]+/(?!(?:${allowed})$)`, FEATURE_MESSAGE],
  [`^${up(d + 2)}features/[^/]+/(?!(?:${allowed})$)`, FEATURE_MESSAGE],
];

const boundaries = DEPTHS.flatMap((d) => [
  boundary([`src/features/*/${folders(d)}${TS}`], featureRules(d, 'index'), TESTS),
  boundary(TESTS.map((t) => `src/features/*/${folders(d)}${t.slice(3)}`), featureRules(d, 'index|testing')),
  // A feature's earlyReads.ts is its one other public file: the first page's reads, for the early
  // entry (app/earlyReads.ts), which must not load the feature's index and, with it, React.
  boundary([`src/app/${folders(d)}${TS}`], [[`^${up(d + 1)}features/[^/]+/(?!(?:index|earlyReads)$)`, FEATURE_MESSAGE]]),
  boundary([`src/components/${folders(d)}${TS}`], [[`^${up(d + 1)}features(?:/|$)`, COMPONENTS_MESSAGE]]),
  boundary([`src/api/${folders(d)}${TS}`], [[`^${up(d + 1)}(?:app|components|features)(?:/|$)`, 'The API client imports nothing of the app.']]),
]);

export default defineConfig([
  globalIgnores(['dist/', 'src/api/generated/', 'playwright-report/', 'test-results/']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    // Node scripts and configuration.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    // Playwright tests run in Node; their fixtures are functions called `use`, not React hooks.
    files: ['e2e/**', 'playwright.config.ts', 'vite.config.ts'],
    languageOptions: { globals: globals.node },
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  ...boundaries,
]);
