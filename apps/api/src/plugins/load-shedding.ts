import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiMessage } from '../api-messages/api-messages.ts';
import { BusyError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A heavy read (an order list, the statistics): served at most `HEAVY_REQUESTS_IN_FLIGHT` at a time per
     * instance, a few more waiting, and the rest answered 503 at once (docs/decisions/027).
     */
    heavy?: boolean;
  }
}

export interface LoadSheddingOptions {
  /** Heavy requests served at once. */
  inFlight: number;
  /** Heavy requests waiting for a turn, first come first served; one more is refused at once. */
  queued: number;
  /** How long a request waits for its turn at most before it is refused (each waits half of it or more). */
  maxWaitMs: number;
}

/** How long a refused client is asked to wait: long enough for the queue to move, short enough to retry. */
const RETRY_AFTER_SECONDS = 2;

/**
 * Sheds load instead of queueing it without end. Without a bound, a thousand readers of the order lists
 * each took a pooled connection in turn, every one of them timed out, and so did everything else the
 * instance answered. Now the routes marked `config.heavy` pass a gate first (an `onRequest` hook added
 * before the access check, so a refused request costs no database round trip either): a few run, others
 * wait their turn for a while, and the rest get 503 with Retry-After; everything else (the probes above
 * all, which also ask through a connection of their own) is served as usual.
 *
 * Waiting costs nothing but a socket, while answering costs the event loop: a client refused at once and
 * asking again at once (as a benchmark does) kept the instance busy refusing, probes included. So a request
 * is refused at once only when the queue is full, otherwise after `maxWaitMs` without a turn.
 */
export const loadSheddingPlugin = fp<LoadSheddingOptions>(
  async (app: FastifyInstance, options) => {
    const gate = new ConcurrencyGate(options.inFlight, options.queued);
    const turns = new WeakMap<FastifyRequest, Turn>();
    app.addHook('onRequest', (request, reply, done) => {
      if (!request.routeOptions.config?.heavy) return done();
      const busy = () => new BusyError(apiMessage('busy', {}), RETRY_AFTER_SECONDS);
      let tooLong: NodeJS.Timeout | undefined;
      const turn = gate.enter(() => {
        clearTimeout(tooLong);
        done();
      });
      if (!turn) return done(busy());
      turns.set(request, turn);
      const stopWaiting = () => {
        clearTimeout(tooLong);
        if (turn.waiting() && turn.leave() === 'was waiting') done(busy());
      };
      // Each gives up after between half and all of the wait: requests that came together (a burst, or
      // clients asking again together) are then not all refused together, which stalled the probes.
      if (turn.waiting()) tooLong = setTimeout(stopWaiting, options.maxWaitMs * (0.5 + Math.random() / 2));
      // A client that leaves while waiting frees its place; its request ends with the refusal nobody will
      // read. One that leaves once its turn has come keeps the place until its handler is done (onSend):
      // its query still runs, and handing the place on at once would let a client that keeps leaving run
      // without bound.
      reply.raw.once('close', stopWaiting);
    });
    // Every answer, an error's too, passes onSend once the handler's work is done: the place is given on.
    app.addHook('onSend', (request, _reply, payload, done) => {
      turns.get(request)?.leave();
      done(null, payload);
    });
  },
  { name: 'load-shedding' },
);

/** A request's place at the gate: waiting for its turn or running, until it leaves (once). */
export interface Turn {
  waiting: () => boolean;
  leave: () => 'was running' | 'was waiting' | 'had left';
}

/**
 * At most `limit` requests run at once and `queueLimit` wait, first come first served. `enter` starts the
 * request now, or when a running one leaves, and answers its turn; or answers undefined, and never starts
 * it, when both are full.
 */
export class ConcurrencyGate {
  #running = 0;
  readonly #waiting = new Set<() => void>();

  constructor(
    private readonly limit: number,
    private readonly queueLimit: number,
  ) {}

  enter(start: () => void): Turn | undefined {
    let state: 'running' | 'waiting' | 'left';
    const run = () => {
      state = 'running';
      start();
    };
    if (this.#running < this.limit) {
      this.#running += 1;
      run();
    } else if (this.#waiting.size < this.queueLimit) {
      state = 'waiting';
      this.#waiting.add(run);
    } else {
      return undefined;
    }
    return {
      waiting: () => state === 'waiting',
      leave: () => {
        const was = state;
        state = 'left';
        if (was === 'waiting') {
          this.#waiting.delete(run);
          return 'was waiting';
        }
        if (was === 'left') return 'had left';
        // A Set keeps the order things were added in: the longest waiting goes next, keeping the slot.
        const next = this.#waiting.values().next();
        if (next.done) this.#running -= 1;
        else {
          this.#waiting.delete(next.value);
          next.value();
        }
        return 'was running';
      },
    };
  }
}
