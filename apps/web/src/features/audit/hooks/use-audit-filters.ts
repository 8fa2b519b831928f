import { useDebouncedValue } from '@mantine/hooks';
import {
  AUDIT_ACTIONS,
  AUDIT_SUBJECTS,
  type AuditAction,
  type AuditLogQuery,
  type AuditSubject,
} from '@puja/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { dayOf, oneOf } from '../../../lib/use-url-filters.ts';

/** How long typing pauses before the search for a person is sent. */
const SEARCH_DELAY_MS = 300;

export type AuditFilters = Omit<AuditLogQuery, 'before'>;
export type AuditFilterName = keyof AuditFilters;

/**
 * The audit log page's filters, kept in the page's address (`?action=archive&from=2026-11-01`) so a reload
 * or a shared link shows the same entries, and its pages. The log pages by `before` (the server's keyset),
 * so the pages read so far are a stack: Older pushes the answer's `nextBefore`, Newer pops it. A change of
 * filter starts again at the newest entries.
 */
export function useAuditFilters() {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {
    actor: params.get('actor')?.trim() || undefined,
    action: oneOf<AuditAction>(AUDIT_ACTIONS, params.get('action')),
    subject: oneOf<AuditSubject>(AUDIT_SUBJECTS, params.get('subject')),
    from: dayOf(params.get('from')),
    to: dayOf(params.get('to')),
  };
  const [befores, setBefores] = useState<number[]>([]);

  const setFilter = useCallback(
    (name: AuditFilterName, value: string | null | undefined) => {
      setBefores([]);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const [search, setSearch] = useState(filters.actor ?? '');
  const [typed] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // Only a change of what was typed is sent: the address changing for another reason must not bring back
  // a search typed before.
  const lastTyped = useRef(typed);
  useEffect(() => {
    if (typed === lastTyped.current) return;
    lastTyped.current = typed;
    setFilter('actor', typed);
  }, [typed, setFilter]);

  const clear = useCallback(() => {
    setSearch('');
    setBefores([]);
    setParams(new URLSearchParams(), { replace: true });
  }, [setParams]);

  return {
    filters,
    before: befores.at(-1),
    /** 1 for the newest entries, then one more for each Older. */
    page: befores.length + 1,
    older: (nextBefore: number) => setBefores((current) => [...current, nextBefore]),
    newer: () => setBefores((current) => current.slice(0, -1)),
    setFilter,
    search,
    setSearch,
    clear,
    filtered: Object.values(filters).some((value) => value !== undefined),
  };
}
