import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * The rooms of src/, top to bottom (README "Layout"): a room imports from the rooms below it,
 * never from one above. Browser rooms also never import Node-only code (src/config/node: file
 * loading, ajv checking). Lint fails on either, so the layering stays true.
 */
const rooms = {
  // The pages outside the visitor's app (Storybook's stories, the studio's preview frame): the top.
  preview: [],
  app: ['preview'],
  pages: ['app'],
  flows: ['app', 'pages'],
  sections: ['app', 'pages'],
  forms: ['app', 'pages', 'flows', 'sections'],
  services: ['app', 'pages', 'flows', 'sections', 'forms', 'ui'],
  ui: ['app', 'pages', 'flows', 'sections', 'forms', 'services'],
  partner: ['app', 'pages', 'flows', 'sections', 'forms', 'services', 'ui'],
  config: ['app', 'pages', 'flows', 'sections', 'forms', 'services', 'ui', 'partner', 'state'],
  state: ['app', 'pages', 'flows', 'sections', 'forms', 'services', 'ui', 'partner', 'config'],
};
// Every room sits below src/preview.
const above = Object.fromEntries(
  Object.entries(rooms).map(([room, uppers]) => [
    room,
    room === 'preview' ? [] : [...new Set(['preview', ...uppers])],
  ]),
);
const upward = (room) =>
  above[room].map((upper) => ({
    group: [`**/${upper}/**`, `!**/${room}/**/${upper}/**`],
    message: `src/${room} sits below src/${upper}: move the shared piece down instead of importing upward (README "Layout").`,
  }));
// Every partner's data is for the prerender, Storybook and tests; a page carries its own only.
const allPartners = {
  group: ['**/config/partners.ts', 'virtual:partners'],
  message:
    "Every partner's data must not reach a visitor's page: use the partner in scope (src/partner) instead.",
};
const nodeOnly = {
  group: ['**/config/node/**', '!./**', 'node:*'],
  message: 'Node-only code: the browser cannot load it (src/config/node, node: modules).',
};
const layering = Object.keys(above).map((room) => ({
  files: [`src/${room}/**/*.{ts,tsx}`],
  ignores: room === 'config' ? ['src/config/node/**'] : [],
  rules: {
    'no-restricted-imports': [
      'error',
      // The preview shows any partner (Storybook, the studio), never on a visitor's page.
      { patterns: [...upward(room), nodeOnly, ...(room === 'preview' ? [] : [allPartners])] },
    ],
  },
}));
// The one module that holds every partner (for the prerender, Storybook and tests).
const allPartnersModule = {
  files: ['src/config/partners.ts'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [...upward('config'), nodeOnly] }],
  },
};
const nodeConfig = {
  files: ['src/config/node/**/*.{ts,tsx}'],
  rules: { 'no-restricted-imports': ['error', { patterns: upward('config') }] },
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'server-dist',
      'bench-results',
      'storybook-static',
      'coverage',
      'data',
      'node_modules',
      'src/config/generated',
      'src/services/generated',
      'stories/generated',
      '!.storybook',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  jsxA11y.flatConfigs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  ...layering,
  allPartnersModule,
  nodeConfig,
  {
    // Tests may assert that a fixture exists with `!`; a wrong assumption fails the test anyway.
    files: ['tests/**', 'server/test/**', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
