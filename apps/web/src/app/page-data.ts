import {
  type DehydratedState,
  defaultShouldDehydrateQuery,
  dehydrate,
  hydrate,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

/**
 * The query cache a server-rendered page was rendered with, carried in the page as JSON
 * (`<script type="application/json" id="page-data">`: data, never run, so the CSP allows it), so the browser
 * renders the same thing from the same data and asks the API nothing on arrival (docs/decisions/017).
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

interface SerializedApiError {
  status: number;
  message: string;
}

/**
 * Successful queries, and failed ones with their ApiError as plain JSON: an unknown slug's page shows
 * "not found" from the 404 in its query, and must hydrate showing the same.
 */
export function serializePageData(queryClient: QueryClient): string {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === 'error',
    shouldRedactErrors: () => false,
  });
  const queries = state.queries.map((query) =>
    query.state.error instanceof ApiError
      ? {
          ...query,
          state: {
            ...query.state,
            error: { status: query.state.error.status, message: query.state.error.message },
          },
        }
      : query,
  );
  // `<` escaped: the JSON sits inside a <script> element, which a "</script>" in a description would end.
  return JSON.stringify({ ...state, queries }).replace(/</g, '\\u003c');
}

/** Puts the page's data into the browser's query cache; false when the page was not rendered by the server. */
export function hydratePageData(queryClient: QueryClient, doc: Document = document): boolean {
  const element = doc.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return false;
  const state = JSON.parse(element.textContent) as DehydratedState;
  for (const query of state.queries) {
    const error = query.state.error as SerializedApiError | null;
    if (error && typeof error.status === 'number') {
      (query.state as { error: unknown }).error = new ApiError(error.status, error.message);
    }
  }
  hydrate(queryClient, state);
  return true;
}
