import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';
import { bearer, dayFromToday } from './staff-helpers.ts';

/** Orders at Kopan placed and paid through the API, as patrons do, for specs that need many of them. */

export interface Kopan {
  id: number;
  pujas: { id: number; name: string; pivot: { cost: number } }[];
}

export async function kopanOf(request: APIRequestContext): Promise<Kopan> {
  const answer = await request.get('/api/monastery/kopan-monastery/edit');
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { monastery: Kopan }).monastery;
}

/**
 * Places an order at Kopan through the API, as the order form does, for `day` days from today; answers
 * its id and number.
 */
export async function placeOrder(
  request: APIRequestContext,
  token: string,
  kopan: Kopan,
  index: number,
  day: number,
): Promise<{ id: number; number: string }> {
  const offering = kopan.pujas[index % kopan.pujas.length]!;
  const placed = await request.post('/api/order', {
    headers: bearer(token),
    data: {
      monastery: kopan.id,
      puja: offering.id,
      cost: offering.pivot.cost,
      date: dayFromToday(day),
      payment: 'khalti',
      names: [{ name: `Tashi Dolma ${index}` }],
    },
  });
  expect(placed.ok()).toBe(true);
  return ((await placed.json()) as { order: { id: number; number: string } }).order;
}

/**
 * Pays an order through Khalti's simulator without a browser: the payment is started, the simulator is
 * told to pay, and the browser's return to the server (which settles it with Khalti's look-up) is followed.
 */
export async function payWithKhalti(request: APIRequestContext, token: string, orderId: number) {
  const started = await request.post('/api/khalti-process', {
    headers: bearer(token),
    multipart: { order: String(orderId) },
  });
  expect(started.ok()).toBe(true);
  const { pidx } = ((await started.json()) as { response: { pidx: string } }).response;
  const decided = await request.post('/simulator/khalti/decide', {
    form: { pidx, decision: 'pay' },
    maxRedirects: 0,
  });
  expect(decided.status()).toBe(302);
  // The return address is the server's own; only its path is followed, on the address under test.
  const back = new URL(decided.headers().location!);
  const returned = await request.get(`${back.pathname}${back.search}`, { maxRedirects: 0 });
  expect(returned.status()).toBe(302);
}
