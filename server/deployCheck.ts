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

export function checkDeployment(env: Env = process.env, cwd = process.cwd()): DeployCheck {
  const production = env.APP_ENV?.trim() === 'production';
  const errors = production ? productionErrors(env) : [];
  const warnings = production ? productionWarnings(env) : [];
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
