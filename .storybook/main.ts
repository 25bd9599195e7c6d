import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { blockStoriesEntry } from '../tools/storybook/blockStories.ts';
import { generatePartnerStories } from '../tools/storybook/generatePartnerStories.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// VISUAL_PARTNERS_DIR: the gate proof (tools/visual/proveGate.ts) and the bench's visual timing
// serve a changed copy of the partner files, with partners of their own (vitest.config.ts).
const partnersDir = process.env.VISUAL_PARTNERS_DIR;
generatePartnerStories(root, partnersDir ? { partnersDir: resolve(partnersDir) } : {});

const config: StorybookConfig = {
  stories: [
    '../stories/**/*.mdx',
    '../stories/**/*.stories.@(ts|tsx)',
    // Each block's own story, in its folder: Blocks/<Block> (docs/blocks.md).
    blockStoriesEntry,
    // The studio's parts, each story beside its component: Studio/<Part>.
    '../studio/src/**/*.stories.@(ts|tsx)',
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['../public'],
  // Offline machine: no telemetry and no version check calling out.
  core: { disableTelemetry: true, enableCrashReports: false },
};

export default config;
