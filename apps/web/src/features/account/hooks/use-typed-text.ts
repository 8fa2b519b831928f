import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';

/** docs/product.md#fixed-values-and-formats: the onboarding conversation is typed out at 45 ms per character. */
export const TYPING_INTERVAL_MS = 45;

/**
 * `text` revealed one character at a time once `active`. People who ask for less motion get the whole
 * text at once. Characters, not UTF-16 units, so an emoji never shows half-drawn.
 */
export function useTypedText(text: string, active = true): { shown: string; done: boolean } {
  const reduceMotion = useReducedMotion();
  const characters = useMemo(() => Array.from(text), [text]);
  const [count, setCount] = useState(0);

  useEffect(() => {
    if (!active || reduceMotion) return;
    // One interval for the whole text: the pace stays 45 ms a character however often React renders.
    let typedCount = 0;
    setCount(0);
    const timer = window.setInterval(() => {
      typedCount += 1;
      setCount(typedCount);
      if (typedCount >= characters.length) window.clearInterval(timer);
    }, TYPING_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [active, reduceMotion, characters]);

  if (!active) return { shown: '', done: false };
  if (reduceMotion) return { shown: text, done: true };
  return { shown: characters.slice(0, count).join(''), done: count >= characters.length };
}
