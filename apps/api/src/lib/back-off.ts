/**
 * How long a background loop waits before its next attempt after `failures` failures in a row: 1 s, 2 s,
 * 4 s … up to 30 s, with a random share so several instances do not all knock at the same moment when
 * the database comes back (docs/decisions/025).
 */
export function backOffDelay(failures: number): number {
  const ceiling = Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling * (0.5 + Math.random() * 0.5));
}
