import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { notifyCatalogueChanged } from './catalogue.queries.ts';

/**
 * The public catalogue changes rarely and is read on every page, so each answer is kept in memory as the
 * exact bytes sent, with a strong ETag for 304s. Every catalogue write calls `invalidateCatalogue`, which
 * clears this instance at once and, through PostgreSQL NOTIFY (delivered when the writing transaction
 * commits), every other instance sharing the database.
 */
export const CATALOGUE_CHANNEL = 'catalogue_changed';
const MAX_ENTRIES = 1000;

interface CachedAnswer {
  body: string;
  etag: string;
}

export class CatalogueCache {
  private readonly answers = new Map<string, CachedAnswer>();
  private generation = 0;

  clear(): void {
    this.answers.clear();
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
    let answer = this.answers.get(key);
    if (!answer) {
      const generationAtStart = this.generation;
      const body = JSON.stringify(schema.parse(await compute()));
      answer = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      // A write that landed while we computed makes this answer stale: serve it once, do not keep it.
      if (generationAtStart === this.generation && this.answers.size < MAX_ENTRIES)
        this.answers.set(key, answer);
    }
    reply.header('etag', answer.etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === answer.etag) reply.status(304).send();
    else reply.type('application/json; charset=utf-8').send(answer.body);
    // Wait until the answer has left: compression finishes it asynchronously, and an async handler that
    // resolves earlier would let Fastify end the response with an empty body.
    await reply;
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

/** Keeps one connection listening for other instances' writes; reconnects if the connection drops. */
export async function listenForCatalogueChanges(
  pool: pg.Pool,
  cache: CatalogueCache,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let listener: pg.PoolClient | undefined;

  const connect = async (): Promise<void> => {
    const client = await pool.connect();
    listener = client;
    client.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) cache.clear();
    });
    client.on('error', (error) => {
      if (listener !== client) return;
      listener = undefined;
      client.release(true);
      // Anything may have changed while we were not listening.
      cache.clear();
      if (stopped) return;
      onError(error);
      setTimeout(() => void connect().catch(onError), 1000).unref();
    });
    await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
  };
  await connect();

  return async () => {
    stopped = true;
    const client = listener;
    listener = undefined;
    if (!client) return;
    await client.query(`UNLISTEN ${CATALOGUE_CHANNEL}`).catch(() => undefined);
    client.release();
  };
}
