import type { StaleVersion } from '@puja/contract';
import { activeLanguage, i18n } from './i18n.ts';
import { getSession } from './session.ts';
import { expireSession } from './session-expiry.ts';

/** Anything with zod's `parse`: the contract's response schemas. */
export interface ResponseSchema<T> {
  parse(input: unknown): T;
}

/** A failed call: the HTTP status (0 when the server could not be reached) and the server's message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** Per-field messages, present on validation failures (docs/api.md: 400 and 422). */
  readonly errors: Record<string, string[]>;
  /** A save from an older version of the record: who saved since, and when (409; docs/decisions/040). */
  readonly stale: StaleVersion | undefined;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}, stale?: StaleVersion) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.stale = stale;
  }
}

/** The response did not match the contract: a bug on one side, never the user's fault. */
export class ContractMismatchError extends Error {
  override readonly name = 'ContractMismatchError';
}

type FormValue = string | number | Blob;
export type RequestBody = FormData | Record<string, FormValue | readonly FormValue[] | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: RequestBody;
  signal?: AbortSignal;
  /** Sign-in calls go without the session's token (default true). */
  sendToken?: boolean;
  /**
   * Whether a 401 answer ends the session with 'Session Expired' (default true). Logout turns it off: it
   * reports its own failure.
   */
  expireSessionOn401?: boolean;
}

// docs/api.md: the web app sends form data; arrays become repeated fields (`files[]`).
function toFormData(body: RequestBody): FormData {
  if (body instanceof FormData) return body;
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as FormValue[]) {
      form.append(name, item instanceof Blob ? item : String(item));
    }
  }
  return form;
}

/** The headers of every call (docs/api.md); `accept` differs for a file download. */
export function buildHeaders(token: string | null, accept = 'application/json'): Headers {
  const headers = new Headers({
    Accept: accept,
    'Accept-Language': activeLanguage(),
    'X-Requested-With': 'XMLHttpRequest',
  });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The error answers' check against the contract, loaded with the first failed answer (lib/schema-checks.ts). */
const schemaChecks = () => import('./schema-checks.ts');

/** A failed answer as an ApiError: the server's message and field errors, never a 5xx text. */
export async function toApiError(response: Response): Promise<ApiError> {
  const parsed = (await schemaChecks()).parseErrorResponse(await readJson(response));
  // A proxy's HTML error page or an empty body has no message worth showing; 5xx texts are never shown.
  if (!parsed.success || response.status >= 500) {
    return new ApiError(response.status, i18n.t('errors.unexpected'));
  }
  return new ApiError(response.status, parsed.data.message, parsed.data.errors, parsed.data.stale);
}

/**
 * Fetches from the API and fails the one way every caller expects: an `ApiError` with the server's message
 * (status 0 when the network failed), a 401 to a call made with the session's token ending that session
 * ('Session Expired') unless the caller reports it itself. An abort stays an abort.
 */
/**
 * How calls reach the API: the browser's `fetch` on the same origin. The server-side renderer
 * (entry-server.tsx) answers the same relative paths in process instead.
 */
let transport: (path: string, init: RequestInit) => Promise<Response> = (path, init) => fetch(path, init);

export function setApiTransport(next: typeof transport): void {
  transport = next;
}

export async function fetchFromApi(
  path: string,
  init: RequestInit,
  session: { token: string | null; expireSessionOn401: boolean },
): Promise<Response> {
  let response: Response;
  try {
    response = await transport(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, i18n.t('errors.network'));
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401 && session.token && session.expireSessionOn401) expireSession(session.token);
    throw error;
  }
  return response;
}

/**
 * Calls the API on the same origin. With a schema the answer is validated, so a contract drift fails here,
 * loudly, instead of somewhere deep in a component.
 */
export async function apiRequest<T>(
  path: string,
  options: RequestOptions & { schema: ResponseSchema<T> },
): Promise<T>;
export async function apiRequest(path: string, options?: RequestOptions): Promise<unknown>;
export async function apiRequest<T>(
  path: string,
  options: RequestOptions & { schema?: ResponseSchema<T> } = {},
): Promise<T | unknown> {
  const method = options.method ?? 'GET';
  const token = options.sendToken === false ? null : getSession().token;
  const response = await fetchFromApi(
    path,
    {
      method,
      headers: buildHeaders(token),
      body: options.body === undefined ? undefined : toFormData(options.body),
      signal: options.signal,
    },
    { token, expireSessionOn401: options.expireSessionOn401 !== false },
  );

  const body = await readJson(response);
  // A contract schema brought zod with it (its caller imports it); a check written by hand, such as the
  // exchange rates' on the public pages, needs none, so nothing more is loaded here.
  if (!options.schema) return body;
  try {
    return options.schema.parse(body);
  } catch (error) {
    console.error(`${method} ${path}: the response does not match the contract`, error);
    throw new ContractMismatchError(`${method} ${path}: the response does not match the contract`, {
      cause: error,
    });
  }
}
