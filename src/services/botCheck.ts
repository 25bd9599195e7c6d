/**
 * The bot check before signup and profile submission (spec §7). reCAPTCHA v3 when a site key is
 * configured; otherwise a local provider whose tokens the local server accepts.
 */
export type BotCheckAction = 'landing_signup' | 'landing_complete' | 'landing_resend';

export interface BotCheck {
  token(action: BotCheckAction): Promise<string>;
}

export const localBotCheck: BotCheck = {
  token: async (action) => `local:${action}`,
};

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export function recaptchaBotCheck(siteKey: string): BotCheck {
  let loading: Promise<Grecaptcha> | undefined;
  const load = () => {
    if (loading) return loading;
    loading = new Promise<Grecaptcha>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
      script.async = true;
      script.onload = () => {
        const grecaptcha = window.grecaptcha;
        if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
        else reject(new Error('reCAPTCHA did not load'));
      };
      script.onerror = () => {
        // Not kept: the visitor's next submit loads the script again (no network a moment ago,
        // a blocked request), instead of failing until the page is reloaded.
        script.remove();
        loading = undefined;
        reject(new Error('reCAPTCHA did not load'));
      };
      document.head.append(script);
    });
    return loading;
  };
  return {
    token: async (action) => (await load()).execute(siteKey, { action }),
  };
}
