import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadTurnstile, TURNSTILE_SCRIPT_URL, type TurnstileApi } from './load-turnstile.ts';

const api: TurnstileApi = { render: vi.fn(), reset: vi.fn(), remove: vi.fn() };

function turnstileScripts(): HTMLScriptElement[] {
  return [...document.querySelectorAll<HTMLScriptElement>('script')].filter(
    (script) => script.src === TURNSTILE_SCRIPT_URL,
  );
}

afterEach(() => {
  for (const script of turnstileScripts()) script.remove();
  delete window.turnstile;
});

describe('loadTurnstile', () => {
  it("adds Cloudflare's script once and resolves with its API when it has loaded", async () => {
    const first = loadTurnstile();
    const second = loadTurnstile();
    expect(turnstileScripts()).toHaveLength(1);

    window.turnstile = api;
    turnstileScripts()[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(api);
    await expect(second).resolves.toBe(api);
  });

  it('fails when the script cannot load, and tries again next time', async () => {
    const failed = loadTurnstile();
    turnstileScripts()[0]?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(/could not be loaded/);
    expect(turnstileScripts()).toHaveLength(0);

    void loadTurnstile().catch(() => {});
    expect(turnstileScripts()).toHaveLength(1);
    turnstileScripts()[0]?.dispatchEvent(new Event('error'));
  });
});
