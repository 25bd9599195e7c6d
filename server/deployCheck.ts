import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildEnvFile, type BuildEnv } from '../src/config/buildEnv.ts';
import { ConfigError, loadServerConfig, type ServerConfig } from './config.ts';

/**
 * The deployment check that `npm run check:env` prints and that the server runs before it listens:
 * every setting must parse (loadServerConfig), and a production start (APP_ENV=production) must
 * not miss a setting that several instances behind a load balancer need, nor keep a development
 * default that would be unsafe or silently wrong there. Refusals say which variable and why;
 * warnings are printed and the start goes on.
 */
export interface DeployCheck {
  errors: string[];
  warnings: string[];
  config: ServerConfig | undefined;
}

type Env = Readonly<Record<string, string | undefined>>;

const isSet = (value: string | undefined) => value !== undefined && value.trim() !== '';

function isLocalUrl(raw: string): boolean {
  try {
    const host = new URL(raw).hostname;
    return host === 'localhost' || host === '[::1]' || host.startsWith('127.');
  } catch {
    return false;
  }
}

/** Problems of a production environment that loadServerConfig (which also serves tests) allows. */
function productionErrors(env: Env): string[] {
  const errors: string[] = [];
  if (!isSet(env.TOKEN_SECRET)) {
    errors.push(
      'TOKEN_SECRET is not set: in production every instance must sign and check tokens with the same secret from the environment (at least 32 characters, e.g. `openssl rand -base64 48`).',
    );
  }
  const publicBaseUrl = env.PUBLIC_BASE_URL?.trim();
  if (!publicBaseUrl) {
    errors.push(
      'PUBLIC_BASE_URL is not set: emails would link to http://127.0.0.1. Set the public https:// address of the site.',
    );
  } else if (!publicBaseUrl.startsWith('https://') || isLocalUrl(publicBaseUrl)) {
    errors.push(
      `PUBLIC_BASE_URL must be the public https:// address of the site in production (got "${publicBaseUrl}").`,
    );
  }
  const scanAppUrl = env.SCAN_APP_URL?.trim();
  if (scanAppUrl && !scanAppUrl.startsWith('https://')) {
    errors.push(`SCAN_APP_URL must start with https:// in production (got "${scanAppUrl}").`);
  }
  if (!isSet(env.SMTP_URL)) {
    errors.push(
      'SMTP_URL is not set: the instructions emails would only be kept in the outbox table and never reach visitors.',
    );
  }
  if (isSet(env.STRIPE_SECRET_KEY) && !isSet(env.STRIPE_WEBHOOK_SECRET)) {
    errors.push(
      'STRIPE_WEBHOOK_SECRET is not set: a visitor who pays and closes the tab would never get their order fulfilled. Add the whsec_... of the endpoint /api/stripe/webhook.',
    );
  }
  if (
    isSet(env.SMTP_URL) &&
    env.SMTP_URL?.trim().startsWith('smtp://') &&
    !isLocalUrl(env.SMTP_URL)
  ) {
    errors.push(
      'SMTP_URL uses smtp:// to a remote host: the password and the visitors’ addresses would cross the network unencrypted. Use smtps:// (or a relay on localhost).',
    );
  }
  return errors;
}

function productionWarnings(env: Env): string[] {
  const warnings: string[] = [];
  if (!isSet(env.DATABASE_URL)) {
    warnings.push(
      'DATABASE_URL is not set: the server uses SQLite under ./data, which holds only while ONE instance runs. Set DATABASE_URL=postgres://... to run several behind a load balancer.',
    );
  }
  if (!isSet(env.METRICS_TOKEN) && !isSet(env.METRICS_PORT)) {
    warnings.push('Neither METRICS_TOKEN nor METRICS_PORT is set: /metrics is off.');
  }
  const host = env.HOST?.trim() || '127.0.0.1';
  if (host.startsWith('127.') || host === 'localhost') {
    warnings.push(
      `HOST is ${host}: only a proxy on this same machine can reach the server (set HOST=0.0.0.0 behind a load balancer on another one).`,
    );
  }
  if (['debug', 'trace'].includes(env.LOG_LEVEL?.trim() ?? '')) {
    warnings.push(`LOG_LEVEL=${env.LOG_LEVEL?.trim()} logs request details; use info or warn.`);
  }
  return warnings;
}

/** The built site the server would serve (./dist, as server/main.ts), and the project's site file. */
export interface DeployFiles {
  distDir: string;
  /** config/site.json: the footer's links, also used in the emails. */
  siteFile: string;
}

/**
 * A production build must carry the browser keys of the providers the server is configured with
 * (build-env.json, written by the build): without them every checkout or signup fails. A served
 * build that does not say (built before build-env.json existed) is a warning.
 */
function browserBuildProblems(env: Env, distDir: string): { errors: string[]; warnings: string[] } {
  if (!existsSync(join(distDir, 'index.html'))) return { errors: [], warnings: [] };
  const file = join(distDir, buildEnvFile);
  if (!existsSync(file)) {
    return {
      errors: [],
      warnings: [
        `The built site in ${distDir} has no ${buildEnvFile}, so its browser keys cannot be checked: rebuild it with \`npm run build\`.`,
      ],
    };
  }
  const build = JSON.parse(readFileSync(file, 'utf8')) as Partial<BuildEnv>;
  const errors: string[] = [];
  if (isSet(env.STRIPE_SECRET_KEY) && build.stripePublishableKey !== true) {
    errors.push(
      'The built site has no Stripe publishable key, but STRIPE_SECRET_KEY is set: every visitor would get the test checkout, which production refuses, and nobody could pay. Rebuild with VITE_STRIPE_PUBLISHABLE_KEY=pk_live_... (the pair of the secret key).',
    );
  }
  if (isSet(env.RECAPTCHA_SECRET_KEY) && build.recaptchaSiteKey !== true) {
    errors.push(
      'The built site has no reCAPTCHA site key, but RECAPTCHA_SECRET_KEY is set: every signup would send the offline bot check token, which the server refuses. Rebuild with VITE_RECAPTCHA_SITE_KEY (the pair of the secret key).',
    );
  }
  return { errors, warnings: [] };
}

/** Hosts reserved for examples and tests (RFC 2606, RFC 6761): a link there leads nowhere. */
function isPlaceholderHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return (
    /\.(example|invalid|test|localhost)$/.test(name) ||
    /(^|\.)example\.(com|net|org)$/.test(name) ||
    name === 'localhost'
  );
}

function linkHost(href: string): string | undefined {
  if (href.startsWith('mailto:')) return href.slice('mailto:'.length).split('?')[0]?.split('@')[1];
  try {
    return new URL(href).hostname;
  } catch {
    return undefined;
  }
}

/** The site file's footer links (shown on every page and in the emails) that point at placeholders. */
function placeholderLinkWarnings(siteFile: string): string[] {
  if (!existsSync(siteFile)) return [];
  const site = JSON.parse(readFileSync(siteFile, 'utf8')) as {
    footer?: { links?: { label?: string; href?: string }[]; social?: { href?: string }[] };
  };
  const links = [...(site.footer?.links ?? []), ...(site.footer?.social ?? [])];
  return links
    .filter((link) => {
      const host = link.href ? linkHost(link.href) : undefined;
      return host !== undefined && isPlaceholderHost(host);
    })
    .map(
      (link) =>
        `config/site.json: the footer link ${'label' in link && link.label ? `"${link.label}" ` : ''}points to ${link.href ?? ''}, a placeholder address; visitors and the emails' readers would reach nothing. Set the real address and rebuild.`,
    );
}

export function checkDeployment(
  env: Env = process.env,
  cwd = process.cwd(),
  files: DeployFiles = {
    distDir: join(cwd, 'dist'),
    siteFile: join(import.meta.dirname, '..', 'config', 'site.json'),
  },
): DeployCheck {
  const production = env.APP_ENV?.trim() === 'production';
  const build = production ? browserBuildProblems(env, files.distDir) : undefined;
  const errors = production ? [...productionErrors(env), ...(build?.errors ?? [])] : [];
  const warnings = production
    ? [
        ...productionWarnings(env),
        ...(build?.warnings ?? []),
        ...placeholderLinkWarnings(files.siteFile),
      ]
    : [];
  let config: ServerConfig | undefined;
  // Refused before loadServerConfig: without TOKEN_SECRET it would write a per-instance secret.
  if (errors.length === 0) {
    try {
      config = loadServerConfig(env, { cwd });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      errors.push(...error.problems);
    }
  } else {
    // Still list the other problems; a stand-in secret keeps it from writing one to disk.
    const standIn = isSet(env.TOKEN_SECRET) ? {} : { TOKEN_SECRET: 'x'.repeat(32) };
    try {
      loadServerConfig({ ...env, ...standIn }, { cwd });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      errors.push(...error.problems);
    }
  }
  return { errors, warnings, config };
}

export function formatDeployCheck(check: DeployCheck, appEnv: string): string {
  const lines: string[] = [];
  if (check.errors.length > 0) {
    lines.push(`Refusing to start (APP_ENV=${appEnv}): ${check.errors.length} setting(s) to fix:`);
    for (const error of check.errors) lines.push(`  ✗ ${error}`);
  } else {
    lines.push(`Settings are fine for APP_ENV=${appEnv}.`);
  }
  for (const warning of check.warnings) lines.push(`  ! ${warning}`);
  return lines.join('\n');
}
