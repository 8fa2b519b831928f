import { type RefObject, useEffect, useRef } from 'react';

/**
 * A field of a server-rendered page can be filled before the app runs (docs/decisions/028): the browser
 * keeps what was typed or chosen, and hydration leaves it in the field, but the state the field shows does
 * not know it, and the next render would put the state's value back. Once hydrated, this hands the field's
 * own value to `adopt` when it differs from `stateValue`. Returns the ref to give the field.
 */
export function useValueFromBeforeStart<Field extends HTMLInputElement | HTMLSelectElement>(
  stateValue: string,
  adopt: (value: string) => void,
): RefObject<Field | null> {
  const field = useRef<Field>(null);
  const firstState = useRef({ stateValue, adopt });
  useEffect(() => {
    const { stateValue: rendered, adopt: adoptOnce } = firstState.current;
    const value = field.current?.value;
    if (value !== undefined && value !== rendered) adoptOnce(value);
  }, []);
  return field;
}
