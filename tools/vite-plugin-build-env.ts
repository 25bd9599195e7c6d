import type { Plugin } from 'vite';
import { buildEnvFile, type BuildEnv } from '../src/config/buildEnv.ts';

const present = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** Writes build-env.json (src/config/buildEnv.ts), which the deploy check compares with the server's keys. */
export function buildEnvPlugin(): Plugin {
  let env: Record<string, unknown> = {};
  return {
    name: 'homesafe-build-env',
    apply: 'build',
    configResolved(config) {
      env = config.env;
    },
    generateBundle() {
      if (this.environment.name !== 'client') return;
      const buildEnv: BuildEnv = {
        stripePublishableKey: present(env.VITE_STRIPE_PUBLISHABLE_KEY),
        recaptchaSiteKey: present(env.VITE_RECAPTCHA_SITE_KEY),
      };
      this.emitFile({
        type: 'asset',
        fileName: buildEnvFile,
        source: `${JSON.stringify(buildEnv, null, 2)}\n`,
      });
    },
  };
}
