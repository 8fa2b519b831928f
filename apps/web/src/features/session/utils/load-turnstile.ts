import { readCspNonce } from '../../../lib/csp-nonce.ts';

/**
 * Cloudflare Turnstile, the bot check on the send-code step. Its script is loaded only when the server
 * says the check is on (`GET /api/client-config`); the server's CSP allows Cloudflare's origin only then.
 */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

export interface TurnstileRenderOptions {
  sitekey: string;
  action?: string;
  size?: 'normal' | 'flexible' | 'compact';
  theme?: 'light' | 'dark' | 'auto';
  callback: (token: string) => void;
  'expired-callback'?: () => void;
  'error-callback'?: () => void;
}

/** The part of `window.turnstile` the form uses. */
export interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileRenderOptions): string | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | null = null;

/** Adds Cloudflare's script once per page and resolves with its API; a failed load may be tried again. */
export function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    const nonce = readCspNonce();
    if (nonce) script.nonce = nonce;
    script.addEventListener('load', () => {
      // From now on `window.turnstile` answers directly.
      loading = null;
      if (window.turnstile) resolve(window.turnstile);
      else reject(new Error('The Turnstile script loaded without its API'));
    });
    script.addEventListener('error', () => {
      script.remove();
      loading = null;
      reject(new Error('The Turnstile script could not be loaded'));
    });
    document.head.append(script);
  });
  return loading;
}
