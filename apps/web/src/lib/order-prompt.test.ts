import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forgetOrderAfterSignIn,
  type OrderOffering,
  rememberOrderAfterSignIn,
  resetOrderPrompt,
  resumeOrderAfterSignIn,
} from './order-prompt.ts';

const offering: OrderOffering = {
  monastery: { id: 1, name: 'Kopan Monastery' },
  puja: { id: 12, name: 'Medicine Buddha Puja' },
  cost: 3000,
};
afterEach(() => {
  forgetOrderAfterSignIn();
  resetOrderPrompt();
  vi.useRealTimers();
});

describe('the order chosen before signing in', () => {
  it('opens again on its own page only, once', () => {
    rememberOrderAfterSignIn(offering, '/monastery/kopan-monastery');
    expect(resumeOrderAfterSignIn('/lets-begin?redirect=%2Fmonastery%2Fkopan-monastery')).toBe(false);
    expect(resumeOrderAfterSignIn('/monastery/kopan-monastery')).toBe(true);
    expect(resumeOrderAfterSignIn('/monastery/kopan-monastery')).toBe(false);
  });

  it('is forgotten when the sign-in is abandoned, and after half an hour', () => {
    rememberOrderAfterSignIn(offering, '/puja/medicine-buddha-puja');
    forgetOrderAfterSignIn();
    expect(resumeOrderAfterSignIn('/puja/medicine-buddha-puja')).toBe(false);

    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
    rememberOrderAfterSignIn(offering, '/puja/medicine-buddha-puja');
    vi.setSystemTime(new Date('2026-11-24T10:31:00Z'));
    expect(resumeOrderAfterSignIn('/puja/medicine-buddha-puja')).toBe(false);
  });
});
