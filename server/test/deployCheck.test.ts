import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BuildEnv } from '../../src/config/buildEnv.ts';
import { checkDeployment } from '../deployCheck.ts';
import { tempDir } from './helpers.ts';

/*
 * Issue 30, deploy checks: `npm run check:env` and the production start refuse a built site that
 * lacks the browser keys the configured providers need (it would fail every checkout or signup),
 * and warn about placeholder links in the site file (the footer of every page and of the emails).
 */
const temp = tempDir('homesafe-deploy-check-');
afterAll(() => temp.remove());

const production = {
  APP_ENV: 'production',
  TOKEN_SECRET: 's'.repeat(48),
  PUBLIC_BASE_URL: 'https://scan.homesafe.test-company.com',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  SMTP_URL: 'smtps://user:pass@mail.homesafe.test-company.com',
  RECAPTCHA_SECRET_KEY: 'recaptcha-secret',
  SCAN_APP_URL: 'https://app.homesafe.test-company.com/start',
  DATABASE_PATH: join(temp.dir, 'x.db'),
};

let folders = 0;
/** A built site (index.html and, unless null, build-env.json) and a site file, in a folder of its own. */
function deployment(build: BuildEnv | null, links: { label: string; href: string }[] = []) {
  const dir = join(temp.dir, `deploy-${++folders}`);
  const distDir = join(dir, 'dist');
  mkdirSync(distDir, { recursive: true });
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  if (build) writeFileSync(join(distDir, 'build-env.json'), JSON.stringify(build));
  const siteFile = join(dir, 'site.json');
  writeFileSync(siteFile, JSON.stringify({ footer: { links, social: [] } }));
  return { dir, files: { distDir, siteFile } };
}

const bothKeys: BuildEnv = { stripePublishableKey: true, recaptchaSiteKey: true };
const realLinks = [{ label: 'Privacy Policy', href: 'https://homesafe-scan.com/privacy' }];

describe('the browser build against the server keys', () => {
  it('accepts a build that carries the keys of the configured providers', () => {
    const { dir, files } = deployment(bothKeys, realLinks);
    const check = checkDeployment(production, dir, files);
    expect(check.errors).toEqual([]);
    expect(check.warnings.join('\n')).not.toMatch(/build|placeholder/i);
  });

  it('refuses a build without the Stripe publishable key when Stripe takes the payments', () => {
    const { dir, files } = deployment({ ...bothKeys, stripePublishableKey: false });
    const { errors } = checkDeployment(production, dir, files);
    expect(errors).toEqual([
      'The built site has no Stripe publishable key, but STRIPE_SECRET_KEY is set: every visitor would get the test checkout, which production refuses, and nobody could pay. Rebuild with VITE_STRIPE_PUBLISHABLE_KEY=pk_live_... (the pair of the secret key).',
    ]);
  });

  it('refuses a build without the reCAPTCHA site key when the real bot check is on', () => {
    const { dir, files } = deployment({ ...bothKeys, recaptchaSiteKey: false });
    const { errors } = checkDeployment(production, dir, files);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^The built site has no reCAPTCHA site key, but RECAPTCHA_SECRET_KEY/,
    );
    expect(errors[0]).toContain('VITE_RECAPTCHA_SITE_KEY');
  });

  it('asks nothing of a build for providers that are not configured (a demo with test payments)', () => {
    const { dir, files } = deployment({ stripePublishableKey: false, recaptchaSiteKey: false });
    const demo = {
      ...production,
      STRIPE_SECRET_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      RECAPTCHA_SECRET_KEY: undefined,
      ALLOW_TEST_PAYMENTS: '1',
      ALLOW_LOCAL_BOT_CHECK: '1',
    };
    expect(checkDeployment(demo, dir, files).errors).toEqual([]);
  });

  it('warns about a build that does not say which keys it carries, and checks nothing in development', () => {
    const { dir, files } = deployment(null);
    const check = checkDeployment(production, dir, files);
    expect(check.errors).toEqual([]);
    expect(check.warnings.join('\n')).toContain('has no build-env.json');

    const broken = deployment({ ...bothKeys, stripePublishableKey: false });
    const development = { DATABASE_PATH: join(temp.dir, 'dev.db'), STRIPE_SECRET_KEY: 'sk_test_x' };
    expect(checkDeployment(development, broken.dir, broken.files).errors).toEqual([]);
  });
});

describe('placeholder links in the site file', () => {
  it('warns about each footer link to a reserved example address, mailto included', () => {
    const { dir, files } = deployment(bothKeys, [
      { label: 'Privacy Policy', href: 'https://homesafe-scan.example/privacy' },
      { label: 'Terms of Service', href: 'https://homesafe-scan.com/terms' },
      { label: 'Contact Us', href: 'mailto:help@example.com' },
    ]);
    const check = checkDeployment(production, dir, files);
    expect(check.errors).toEqual([]);
    const placeholders = check.warnings.filter((warning) => warning.includes('placeholder'));
    expect(placeholders).toEqual([
      'config/site.json: the footer link "Privacy Policy" points to https://homesafe-scan.example/privacy, a placeholder address; visitors and the emails\' readers would reach nothing. Set the real address and rebuild.',
      'config/site.json: the footer link "Contact Us" points to mailto:help@example.com, a placeholder address; visitors and the emails\' readers would reach nothing. Set the real address and rebuild.',
    ]);
  });

  it("flags the project's own site file, whose links are still placeholders", () => {
    const check = checkDeployment(production, temp.dir);
    expect(check.warnings.filter((warning) => warning.includes('placeholder'))).toHaveLength(3);
  });
});

describe('npm run check:env and the production start', () => {
  const root = new URL('../..', import.meta.url).pathname;
  const run = (args: string[], cwd: string) =>
    spawnSync(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), join(root, 'server/main.ts'), ...args],
      {
        cwd,
        env: { PATH: process.env.PATH ?? '', ...production, PORT: '0' },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );

  it('refuse a served build without the Stripe publishable key, with the sentence', () => {
    const { dir } = deployment({ ...bothKeys, stripePublishableKey: false }, realLinks);
    const check = run(['--check-env'], dir);
    expect(check.status).toBe(1);
    expect(check.stdout).toContain('Refusing to start (APP_ENV=production)');
    expect(check.stdout).toContain('The built site has no Stripe publishable key');

    const start = run([], dir);
    expect(start.status).toBe(1);
    expect(start.stderr).toContain('The built site has no Stripe publishable key');
  }, 60_000);
});
