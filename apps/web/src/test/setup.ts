import '@testing-library/jest-dom/vitest';
import '../lib/i18n.ts';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { closeLoginPrompt } from '../lib/login-prompt.ts';
import { resetOrderPrompt } from '../lib/order-prompt.ts';
import { forgetSessionEnding } from '../lib/session.ts';
// Loaded by the first toast in the app; loaded here once, so a test's toast arrives as soon as before
// (the toasts' own module, which this file imports, was the only hop).
import '../lib/show-toast.ts';

// jsdom lacks the browser APIs Mantine measures layout and colour scheme with.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
/** The desktop answers above, put back after each test that pretends to be a phone (render-app.tsx). */
const desktopMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = desktopMatchMedia;
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// React Router's ScrollRestoration scrolls on every navigation.
window.scrollTo = vi.fn() as typeof window.scrollTo;

// Mantine's Select scrolls its options into view, which jsdom does not implement.
Element.prototype.scrollIntoView = vi.fn();

// Module-level stores outlive a test's render; each test starts with none open.
afterEach(() => {
  cleanup();
  closeLoginPrompt();
  resetOrderPrompt();
  notifications.clean();
  window.localStorage.clear();
  forgetSessionEnding();
  vi.unstubAllGlobals();
});
