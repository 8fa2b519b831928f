import { useState } from 'react';

/**
 * The last non-null value: a modal or drawer keeps showing what it was opened for while it animates
 * closed, instead of going blank as the page clears its choice.
 */
export function useLastShown<Value>(value: Value | null): Value | null {
  const [shown, setShown] = useState(value);
  if (value !== null && value !== shown) setShown(value);
  return value ?? shown;
}
