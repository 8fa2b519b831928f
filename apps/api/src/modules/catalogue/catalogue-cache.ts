import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { backOffDelay } from '../../lib/back-off.ts';
import { API_HEADERS } from '../../plugins/security.ts';
import { notifyCatalogueChanged } from './catalogue.queries.ts';

/**
 * The public catalogue changes rarely and is read on every page, so each answer is kept in memory as the
 * exact bytes sent (and those bytes compressed once, for browsers that accept it), with a strong ETag for
 * 304s. Every catalogue write calls `invalidateCatalogue`, which clears this instance at once and, through
 * PostgreSQL NOTIFY (delivered when the writing transaction commits), every other instance sharing the
 * database.
 *
 * A URL the routes have answered from here once is then answered before routing (`answerBeforeRouting`,
 * called by the HTTP server ahead of Fastify): the bytes, the headers and the status are the ones the route
 * gave, so the framework's per-request work is spent once per catalogue change instead of on every visit
 * (docs/decisions/022).
 */
export const CATALOGUE_CHANNEL = 'catalogue_changed';
const MAX_ENTRIES = 1000;
/** Below this, compressing saves less than it costs (the compression plugin's threshold too). */
const COMPRESS_FROM_BYTES = 1024;
type Encoding = 'br' | 'gzip' | 'identity';
/** In the order of preference when the browser accepts several equally. */
const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];

/** One way of answering: everything is computed once, when the answer is stored, not per request. */
interface Variant {
  status: 200 | 304;
  headers: Record<string, string>;
  /** The same headers with the API's own (plugins/security.ts), as writeHead takes them without copying. */
  allHeaders: string[];
  body: Buffer | undefined;
}

interface CachedAnswer {
  etag: string;
  /** The route pattern that made it, for the request metrics of answers given before routing. */
  route: string;
  notModified: Variant;
  byEncoding: Record<Encoding, Variant>;
}

function variant(status: 200 | 304, headers: Record<string, string>, body?: Buffer): Variant {
  return {
    status,
    headers,
    allHeaders: Object.entries({ ...API_HEADERS, ...headers }).flat(),
    body,
  };
}

function cachedAnswer(json: string, route: string): CachedAnswer {
  const identity = Buffer.from(json);
  const etag = `"${createHash('sha1').update(identity).digest('base64url')}"`;
  const common = {
    etag,
    'cache-control': 'no-cache',
    // The same URL answers an administrator differently, and the bytes differ by encoding.
    vary: 'authorization, accept-encoding',
  };
  const withBody = (body: Buffer, encoding: Encoding) =>
    variant(
      200,
      {
        ...common,
        'content-type': 'application/json; charset=utf-8',
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
        'content-length': String(body.length),
      },
      body,
    );
  const plain = withBody(identity, 'identity');
  const small = identity.length < COMPRESS_FROM_BYTES;
  return {
    etag,
    route,
    notModified: variant(304, common),
    byEncoding: {
      identity: plain,
      // Once per catalogue change, so the smallest: brotli's best quality takes a few milliseconds.
      br: small
        ? plain
        : withBody(
            brotliCompressSync(identity, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
              },
            }),
            'br',
          ),
      gzip: small ? plain : withBody(gzipSync(identity, { level: zlib.Z_BEST_COMPRESSION }), 'gzip'),
    },
  };
}

/** The way to answer this request: one choice for both paths, so they cannot drift apart. */
function variantFor(answer: CachedAnswer, headers: IncomingHttpHeaders): Variant {
  if (headers['if-none-match'] === answer.etag) return answer.notModified;
  const accepted = headers['accept-encoding'];
  if (!accepted) return answer.byEncoding.identity;
  return answer.byEncoding[(negotiate(accepted.toLowerCase(), ENCODINGS) as Encoding | null) ?? 'identity'];
}

export class CatalogueCache {
  private readonly answers = new Map<string, CachedAnswer>();
  /** URLs the routes answered from `answers`, exactly as the browser sent them. */
  private readonly answersByUrl = new Map<string, CachedAnswer>();
  /** Answers being computed: visitors arriving meanwhile wait for the same one. */
  private readonly computing = new Map<string, Promise<CachedAnswer>>();
  private generation = 0;

  clear(): void {
    this.answers.clear();
    this.answersByUrl.clear();
    this.computing.clear();
    this.generation += 1;
  }

  get size(): number {
    return this.answers.size;
  }

  /**
   * Answers from memory, or computes, checks against the response schema (which also strips anything not
   * in the contract), stores and answers. A 304 when the browser already holds these bytes.
   */
  async reply<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    schema: z.ZodType<T>,
    compute: () => Promise<T>,
  ): Promise<void> {
    const answer = this.answers.get(key) ?? (await this.computeOnce(key, request, schema, compute));
    // Only a visitor's request may be answered again before routing: an administrator's carries a token.
    if (
      this.answers.get(key) === answer &&
      request.headers.authorization === undefined &&
      this.answersByUrl.size < MAX_ENTRIES
    )
      this.answersByUrl.set(request.url, answer);
    const { status, headers, body } = variantFor(answer, request.headers);
    // With Content-Encoding set, the compression plugin leaves the bytes alone.
    reply.status(status).headers(headers).send(body);
    // Wait until the answer has left: an async handler that resolves earlier would let Fastify end the
    // response with an empty body.
    await reply;
  }

  /**
   * Answers a visitor's GET of a URL the routes answered from memory, with the same status, headers and
   * bytes; the route pattern when it did, undefined to let the request go on to routing.
   */
  answerBeforeRouting(request: IncomingMessage, response: ServerResponse): string | undefined {
    if (request.method !== 'GET' || request.headers.authorization !== undefined) return undefined;
    const answer = this.answersByUrl.get(request.url ?? '');
    if (!answer) return undefined;
    const { status, allHeaders, body } = variantFor(answer, request.headers);
    response.writeHead(status, allHeaders).end(body);
    return answer.route;
  }

  private computeOnce<T>(
    key: string,
    request: FastifyRequest,
    schema: z.ZodType<T>,
    compute: () => Promise<T>,
  ): Promise<CachedAnswer> {
    const pending = this.computing.get(key);
    if (pending) return pending;
    const generationAtStart = this.generation;
    const computed = compute()
      .then((value) => cachedAnswer(JSON.stringify(schema.parse(value)), request.routeOptions.url ?? key))
      .then((answer) => {
        // A write that landed while we computed makes this answer stale: serve it once, do not keep it.
        if (generationAtStart === this.generation && this.answers.size < MAX_ENTRIES)
          this.answers.set(key, answer);
        return answer;
      })
      .finally(() => {
        if (this.computing.get(key) === computed) this.computing.delete(key);
      });
    this.computing.set(key, computed);
    return computed;
  }
}

/**
 * Tells every instance (this one at once, the others through their listeners) that the catalogue changed.
 * Run it after the write has committed.
 */
export async function invalidateCatalogue(db: Database, cache: CatalogueCache): Promise<void> {
  cache.clear();
  await notifyCatalogueChanged(db, CATALOGUE_CHANNEL);
}

/**
 * Keeps one connection listening for other instances' writes. When the connection drops (the database
 * restarts, the network is cut) it reconnects with back-off for as long as it takes: the first attempt
 * must succeed (the app starts with a database), the later ones never give up (docs/decisions/025).
 */
export async function listenForCatalogueChanges(
  pool: pg.Pool,
  cache: CatalogueCache,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let listener: pg.PoolClient | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const reconnectLater = (error: unknown) => {
    // Anything may have changed while we were not listening.
    cache.clear();
    if (stopped) return;
    failures += 1;
    onError(error);
    retry = setTimeout(() => void connect().catch(reconnectLater), backOffDelay(failures));
    retry.unref();
  };

  const connect = async (): Promise<void> => {
    const client = await pool.connect();
    client.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) cache.clear();
    });
    client.on('error', (error) => {
      if (listener !== client) return;
      listener = undefined;
      client.release(true);
      reconnectLater(error);
    });
    try {
      await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
    } catch (error) {
      client.release(true);
      throw error;
    }
    if (stopped) {
      client.release(true);
      return;
    }
    listener = client;
    // Writes made while we were reconnecting were not heard.
    if (failures > 0) cache.clear();
    failures = 0;
  };
  await connect();

  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = listener;
    listener = undefined;
    if (!client) return;
    await client.query(`UNLISTEN ${CATALOGUE_CHANNEL}`).catch(() => undefined);
    client.release();
  };
}
