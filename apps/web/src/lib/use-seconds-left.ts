import { useEffect, useReducer } from 'react';

/**
 * Whole seconds left until `deadline` (a `Date.now()` time; 0 once passed, or with no deadline), redrawn
 * every second while there are some. Read from the clock at each render, so a tab the browser slowed down
 * in the background shows the right figure when it comes back.
 */
export function useSecondsLeft(deadline: number | null): number {
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  const left = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(redraw, 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return left;
}
