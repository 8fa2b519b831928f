import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from './query-error-alert.tsx';

interface QueryContentProps<TData> {
  query: UseQueryResult<TData>;
  /** What stands in while the first answer loads: a skeleton of the content's shape. */
  loading: ReactNode;
  children: (data: TData) => ReactNode;
}

/** A query's three states in one place: its skeleton while loading, its error with a retry, or its data's content. */
export function QueryContent<TData>({ query, loading, children }: QueryContentProps<TData>) {
  if (query.isPending) return loading;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
