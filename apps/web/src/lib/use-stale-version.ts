import type { StaleVersion } from '@puja/contract';
import { useState } from 'react';
import { ApiError } from './api-client.ts';

/**
 * No lost edits (docs/decisions/040), the web's half: a form keeps the version of the record it was opened
 * at and sends it with each save; a 409 that names a newer version is kept here for `StaleVersionAlert`
 * (who saved, when, and "Reload"), instead of a toast that vanishes. After a reload the form takes the
 * record's fresh values and version and the notice goes.
 */
export function useStaleVersion(initialVersion: number | undefined) {
  const [version, setVersion] = useState(initialVersion);
  const [stale, setStale] = useState<StaleVersion | null>(null);
  return {
    /** The version to send with the next save. */
    version,
    /** The refusal being shown, or null. */
    stale,
    /** Keeps a stale-save refusal; true when `error` was one (the caller then shows no toast). */
    noticeFrom(error: unknown): boolean {
      if (!(error instanceof ApiError) || error.status !== 409 || !error.stale) return false;
      setStale(error.stale);
      return true;
    },
    /** After a save or a reload: the record's version now. */
    reloaded(freshVersion: number) {
      setVersion(freshVersion);
      setStale(null);
    },
  };
}

export type StaleVersionState = ReturnType<typeof useStaleVersion>;
