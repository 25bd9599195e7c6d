import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { generatePartnerStories } from '../tools/storybook/generatePartnerStories.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
generatePartnerStories(root);

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['../public'],
  // Offline machine: no telemetry and no version check calling out.
  core: { disableTelemetry: true, enableCrashReports: false },
};

export default config;
