import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  blocks: ['app', 'pages'],
  forms: ['app', 'pages', 'flows', 'blocks'],
  services: ['app', 'pages', 'flows', 'blocks', 'forms', 'ui'],
  ui: ['app', 'pages', 'flows', 'blocks', 'forms', 'services'],
  partner: ['app', 'pages', 'flows', 'blocks', 'forms', 'services', 'ui'],
  config: ['app', 'pages', 'flows', 'blocks', 'forms', 'services', 'ui', 'partner', 'state'],
  state: ['app', 'pages', 'flows', 'blocks', 'forms', 'services', 'ui', 'partner', 'config'],
  // The product's words per language (issue 37): every room above may read them.
  i18n: [
    'app',
    'pages',
    'flows',
    'blocks',
    'forms',
    'services',
    'ui',
    'partner',
    'config',
    'state',
  ],
  // Small helpers of the runtime that know nothing of the product (React's use() rule): lower still.
  lib: [
    'app',
    'pages',
    'flows',
    'blocks',
    'forms',
    'services',
    'ui',
    'partner',
    'config',
    'state',
    'i18n',
  ],
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
/*
 * A block's story sits in the block's folder (src/blocks/<Block>/<Block>.stories.tsx) but is a
 * page of the preview room: Storybook shows it, never a visitor. It may use the preview room's
 * story helpers (src/preview/stories) and every partner; the block's own code may not.
 */
const stories = {
  files: ['src/**/*.stories.{ts,tsx}'],
  rules: { 'no-restricted-imports': ['error', { patterns: [nodeOnly] }] },
};
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
/*
 * A test beside the code (src/<room>/.../<module>.test.ts) runs in Node under Vitest and never
 * reaches a visitor's page: it may read files, load partners with the Node loader and use every
 * partner. It still imports no room above its own, so the layering holds for tests too.
 */
const testsBeside = Object.keys(above).map((room) => ({
  files: [`src/${room}/**/*.test.{ts,tsx}`],
  rules: { 'no-restricted-imports': ['error', { patterns: upward(room) }] },
}));

/*
 * The Partner Studio's app (studio/src) runs in the browser beside the site: it talks to its own
 * dev API (studio/server) over HTTP, borrows the site's browser code, and never imports the site's
 * API server, Storybook's stories or Node-only config code. Paths are resolved from the importing
 * file, so `../../server/` from studio/src/api (studio/server, allowed) and `../../../server/`
 * (the site's server, refused) are told apart.
 */
const repoRoot = dirname(fileURLToPath(import.meta.url));
const studioForbidden = [
  { folder: 'server/', why: "the site's API server (ask it over HTTP, or share a schema type)" },
  { folder: 'stories/', why: 'Storybook stories (move the shared piece into src/ or studio/src)' },
  { folder: 'src/config/node/', why: 'Node-only config code (the checker runs in studio/server)' },
];
/**
 * A lint rule refusing imports that resolve into `forbidden` folders of the repository (paths
 * are resolved from the importing file, so `../../server/` and `../../../server/` differ).
 */
const folderBoundaries = (who, forbidden) => ({
  meta: { type: 'problem', schema: [] },
  create(context) {
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = relative(repoRoot, resolve(dirname(context.filename), source));
      const hit = forbidden.find(({ folder }) => target.startsWith(folder));
      if (hit)
        context.report({
          node: node.source,
          message: `${who} must not import ${hit.why}: ${target}.`,
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
});
const studio = {
  files: ['studio/src/**/*.{ts,tsx}'],
  plugins: { studio: { rules: { boundaries: folderBoundaries('studio/src', studioForbidden) } } },
  rules: { 'studio/boundaries': 'error' },
};
// A studio test beside its module runs in Node: it may run the partner checker itself.
const studioTests = {
  files: ['studio/src/**/*.test.{ts,tsx}'],
  plugins: {
    studioTests: {
      rules: {
        boundaries: folderBoundaries(
          'studio/src',
          studioForbidden.filter(({ folder }) => folder !== 'src/config/node/'),
        ),
      },
    },
  },
  rules: { 'studio/boundaries': 'off', 'studioTests/boundaries': 'error' },
};

/*
 * src/ is the bottom of the repository: the tools, Storybook's folders, the servers and the
 * studio build on it, never the other way (issue 38: the blocks' stories imported
 * stories/support). Its tests beside the code may use the test support in tests/.
 */
const aboveSrc = [
  { folder: 'stories/', why: "Storybook's folder (story helpers live in src/preview/stories)" },
  { folder: '.storybook/', why: "Storybook's configuration" },
  { folder: 'tools/', why: 'the build and check tools' },
  { folder: 'server/', why: "the site's API server (share a schema type instead)" },
  { folder: 'studio/', why: 'Partner Studio' },
];
const testSupport = {
  folder: 'tests/',
  why: 'the tests (only a test file beside the code may use tests/support)',
};
const srcBottom = [
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { src: { rules: { bottom: folderBoundaries('src/', [...aboveSrc, testSupport]) } } },
    rules: { 'src/bottom': 'error' },
  },
  {
    files: ['src/**/*.test.{ts,tsx}'],
    plugins: { srcTests: { rules: { bottom: folderBoundaries('src/', aboveSrc) } } },
    rules: { 'src/bottom': 'off', 'srcTests/bottom': 'error' },
  },
];

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
  stories,
  ...srcBottom,
  allPartnersModule,
  nodeConfig,
  ...testsBeside,
  studio,
  studioTests,
  {
    // Tests may assert that a fixture exists with `!`; a wrong assumption fails the test anyway.
    files: ['tests/**', 'server/test/**', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
