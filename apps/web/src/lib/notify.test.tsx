import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { notifyError, notifyInfo, notifySuccess, notifyWarning } from './notify.ts';
import { MIN_READING_MS, READING_MS_PER_CHARACTER, readingTime } from './show-toast.ts';

function renderApp() {
  render(
    <AppProviders queryClient={new QueryClient()} mantineEnv="test">
      <p>page</p>
    </AppProviders>,
  );
}

/** Lets the toast module load and the container mount (both are imported on first use). */
async function settle() {
  for (let turn = 0; turn < 20; turn++) await act(async () => vi.advanceTimersByTimeAsync(1));
}

afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

describe('how long a toast stays (docs/decisions/029)', () => {
  it('gives a note that closes by itself 5 s, and 60 ms more a character', () => {
    expect(readingTime('')).toBe(MIN_READING_MS);
    expect(readingTime('SMS Sent')).toBe(MIN_READING_MS + 8 * READING_MS_PER_CHARACTER);
    // Characters, not UTF-16 units: Devanagari and Chinese read as long as they look.
    expect(readingTime('付款成功')).toBe(MIN_READING_MS + 4 * READING_MS_PER_CHARACTER);
    expect(MIN_READING_MS).toBeGreaterThanOrEqual(5000);
  });

  it.each([
    ['an error', notifyError, 'OTP does not match'],
    ['a warning', notifyWarning, 'Too many requests. Try again in 42 seconds.'],
    ['an error with a title', (text: string) => notifyError(text, { title: 'Payment Failure' }), 'Declined'],
  ])('%s stays on screen until closed, however long it waits', async (_, notify, text) => {
    vi.useFakeTimers();
    renderApp();
    notify(text);
    await settle();
    expect(screen.getByText(text)).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('an error goes once the next success says it was put right', async () => {
    vi.useFakeTimers();
    renderApp();
    notifyError('Email already exists');
    await settle();
    expect(screen.getByText('Email already exists')).toBeInTheDocument();
    notifyInfo('Loading more');
    await settle();
    expect(screen.getByText('Email already exists')).toBeInTheDocument();

    notifySuccess('User Created Successfully');
    await settle();
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByText('Email already exists')).not.toBeInTheDocument();
    expect(screen.getByText('User Created Successfully')).toBeInTheDocument();
  });

  it('a success note stays at least five seconds, longer for longer text, then closes', async () => {
    vi.useFakeTimers();
    renderApp();
    const text = 'Your order is placed. The monastery will confirm the date.';
    notifySuccess(text);
    await settle();
    expect(screen.getByText(text)).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTimeAsync(MIN_READING_MS));
    expect(screen.getByText(text)).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTimeAsync(text.length * READING_MS_PER_CHARACTER + 1000));
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('a toast with the id of one still shown replaces it: the newest reason is the one to read', async () => {
    vi.useFakeTimers();
    renderApp();
    notifyError('The price has changed.', { id: 'order-failed', title: 'Order Placed Unsuccessful' });
    await settle();
    notifyError('Choose a date.', { id: 'order-failed', title: 'Order Placed Unsuccessful' });
    await settle();
    expect(screen.getByText('Choose a date.')).toBeInTheDocument();
    expect(screen.queryByText('The price has changed.')).not.toBeInTheDocument();
    expect(screen.getAllByText('Order Placed Unsuccessful')).toHaveLength(1);
  });

  it('an information note closes by itself too', async () => {
    vi.useFakeTimers();
    renderApp();
    notifyInfo('Saved');
    await settle();
    expect(screen.getByText('Saved')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(MIN_READING_MS + 60_000));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});
