import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { TOO_MANY_REQUESTS_MESSAGE } from '@puja/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

export interface RateLimitOptions {
  /** Count in Redis, shared by every instance; unset: in this process, as a single instance needs. */
  redisUrl: string | undefined;
  /** Before every key, so several deployments (or test runs) can share one Redis. */
  keyPrefix: string;
}

/**
 * One patron cannot flood the monasteries' queues or the database: orders (and plans, which place several)
 * counted per patron, across instances when REDIS_URL is set (the app-wide rate-limits plugin).
 */
export function ordersRateLimitOf(app: FastifyInstance) {
  return {
    max: app.config.ORDERS_PER_PATRON_PER_HOUR,
    timeWindow: '1 hour',
    keyGenerator: (request: FastifyRequest) => `orders:${request.viewer?.id ?? request.ip}`,
  };
}

/**
 * @fastify/rate-limit for the whole app, registered once: a route opts in with `config.rateLimit`
 * (`{ max, timeWindow }`) and is then counted per client address, per route. With `REDIS_URL` the counts
 * live in Redis and hold across instances (docs/decisions/013); the sign-in code throttles are counted in
 * PostgreSQL and are shared already (docs/decisions/005).
 *
 * A rate limit protects; it must never be the reason a request fails, nor fall silent when it is needed.
 * When Redis does not answer (down, unreachable, or too slow), each instance counts in its own memory
 * instead (docs/decisions/027): a limit then holds per instance rather than across them, never not at all.
 * A warning is logged at most once a minute, with a note when Redis answers again.
 */
export const rateLimitsPlugin = fp<RateLimitOptions>(
  async (app: FastifyInstance, options) => {
    const redis = options.redisUrl ? await connectRedis(options.redisUrl, app.log) : undefined;
    if (redis) app.addHook('onClose', () => redis.close());
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { store: redisStore(redis.client, `${options.keyPrefix}rate-limit:`, redis.failed) } : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        message: TOO_MANY_REQUESTS_MESSAGE,
      }),
    });
  },
  { name: 'rate-limits' },
);

/** How long start-up waits for a silent Redis before it goes on without it (and keeps trying). */
const FIRST_CONNECTION_WAIT_MS = 3_000;
const WARNING_INTERVAL_MS = 60_000;

interface RedisConnection {
  client: Redis;
  /** Notes a failed count: logged as a warning now and then, not once per request. */
  failed: (error: unknown) => void;
  close: () => Promise<void>;
}

async function connectRedis(url: string, log: FastifyBaseLogger): Promise<RedisConnection> {
  // Loaded only when configured: a single instance never pays for the client.
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    // Without a connection a command fails at once instead of waiting in a queue: the request is counted
    // in this process rather than hanging until Redis is back.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // A Redis that accepts connections but does not answer must not stall sign-ins either.
    commandTimeout: 500,
  });
  let lastWarning = 0;
  let failing = false;
  const failed = (error: unknown) => {
    failing = true;
    if (Date.now() - lastWarning < WARNING_INTERVAL_MS) return;
    lastWarning = Date.now();
    log.warn(
      { err: error },
      'Redis does not answer: rate limits are counted in this instance alone until it does',
    );
  };
  client.on('error', failed);
  client.on('ready', () => {
    if (!failing) return;
    failing = false;
    lastWarning = 0;
    log.info('Redis answers again: rate limits are counted across instances');
  });
  // Count in Redis from the first request when it is there; when it is not, start without it (its
  // failure is logged) rather than keep the whole app from starting.
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done).off('error', done);
      resolve();
    };
    const timer = setTimeout(() => {
      failed(new Error(`no answer within ${FIRST_CONNECTION_WAIT_MS} ms`));
      done();
    }, FIRST_CONNECTION_WAIT_MS);
    client.once('ready', done).once('error', done);
  });
  const close = async () => {
    // QUIT waits for an answer: only a Redis that answers gets one; otherwise the socket is just dropped.
    if (client.status === 'ready') await client.quit().catch(() => undefined);
    client.disconnect();
  };
  return { client, failed, close };
}

/**
 * A fixed window per key, counted atomically: the first hit starts the window (its expiry), later hits
 * read what is left of it. The same counting as @fastify/rate-limit's own Redis store; ours also reports
 * failures, so an outage is logged instead of passing in silence, and counts in process while Redis fails.
 */
const COUNT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return {current, tonumber(ARGV[1])}
end
return {current, redis.call('PTTL', KEYS[1])}`;

type CountingRedis = Redis & { countRateLimit(key: string, windowMs: number): Promise<[number, number]> };

function redisStore(
  redis: Redis,
  prefix: string,
  failed: (error: unknown) => void,
): FastifyRateLimitStoreCtor {
  // A defined command is sent by its SHA after the first time, not as the whole script on every request.
  redis.defineCommand('countRateLimit', { numberOfKeys: 1, lua: COUNT_SCRIPT });
  const counting = redis as CountingRedis;
  const fallback = new InProcessWindows();
  const storeFor = (keyPrefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      counting.countRateLimit(`${keyPrefix}${key}`, timeWindow).then(
        ([current, ttl]) => callback(null, { current, ttl }),
        (error: Error) => {
          failed(error);
          callback(null, fallback.count(`${keyPrefix}${key}`, timeWindow));
        },
      );
    },
    // Each route counts apart, as with the in-process store. The plugin passes the route's merged
    // settings with the route itself under `routeInfo` (its typings say otherwise).
    child: (settings) => {
      const { method, url } = (
        settings as unknown as { routeInfo: { method: string | string[]; url: string } }
      ).routeInfo;
      return storeFor(`${keyPrefix}${method}${url}:`);
    },
  });
  return class {
    constructor() {
      // biome-ignore lint/correctness/noConstructorReturn: the plugin constructs its store with `new`.
      return storeFor(prefix);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Fixed windows counted in this process, for while Redis does not answer. At most `maxKeys` windows are
 * kept (the oldest started goes first), so a flood of addresses cannot grow the memory without bound.
 */
export class InProcessWindows {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();
  constructor(private readonly maxKeys = 100_000) {}

  count(key: string, windowMs: number): { current: number; ttl: number } {
    const now = Date.now();
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      this.#windows.delete(key);
      if (this.#windows.size >= this.maxKeys) this.#windows.delete(this.#windows.keys().next().value!);
      window = { count: 0, endsAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }
}
