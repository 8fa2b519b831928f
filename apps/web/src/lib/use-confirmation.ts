import { useCallback, useState } from 'react';

/** Which row a confirmation dialog asks about; null while none is open. */
export function useConfirmation<Target>() {
  const [target, setTarget] = useState<Target | null>(null);
  const ask = useCallback((next: Target) => setTarget(() => next), []);
  const close = useCallback(() => setTarget(null), []);
  return { target, ask, close };
}
