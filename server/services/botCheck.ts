/**
 * Bot check for the two public form posts. reCAPTCHA v3 in production; offline, the front end's
 * local provider produces tokens of the exact form `local:<action>`, which the local check accepts.
 */
export type BotCheckAction = 'landing_signup' | 'landing_complete' | 'landing_resend';

export interface BotCheck {
  readonly kind: 'recaptcha' | 'local';
  verify(token: string, action: BotCheckAction, remoteIp?: string): Promise<boolean>;
}

export const localBotCheck: BotCheck = {
  kind: 'local',
  async verify(token, action) {
    return token === `local:${action}`;
  },
};

const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
export const MIN_RECAPTCHA_SCORE = 0.5;

interface SiteverifyResponse {
  success?: unknown;
  action?: unknown;
  score?: unknown;
}

export interface RecaptchaOptions {
  secretKey: string;
  /** Injected by tests; defaults to the global fetch. */
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  onError?: (error: unknown) => void;
}

export function recaptchaBotCheck(options: RecaptchaOptions): BotCheck {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    kind: 'recaptcha',
    async verify(token, action, remoteIp) {
      if (!token) return false;
      const form = new URLSearchParams({ secret: options.secretKey, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      try {
        const response = await fetchImpl(SITEVERIFY_URL, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (!response.ok) return false;
        const result = (await response.json()) as SiteverifyResponse;
        // A token minted for another form (action) must not unlock this one.
        return (
          result.success === true &&
          result.action === action &&
          typeof result.score === 'number' &&
          result.score >= MIN_RECAPTCHA_SCORE
        );
      } catch (error) {
        // Fail closed: an unreachable verifier must not let bots through.
        options.onError?.(error);
        return false;
      }
    },
  };
}

export function createBotCheck(
  secretKey: string | undefined,
  onError?: (error: unknown) => void,
): BotCheck {
  return secretKey ? recaptchaBotCheck({ secretKey, onError }) : localBotCheck;
}
