import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAIN_PICTURE_WAIT_MS, mainPictureShown } from './main-picture.ts';

/** A page with a picture asked for at high priority (or not), whose decoding the test settles. */
function pageWithPicture(fetchPriority: 'high' | null) {
  const doc = document.implementation.createHTMLDocument();
  const picture = doc.createElement('img');
  if (fetchPriority) picture.setAttribute('fetchpriority', fetchPriority);
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  picture.decode = () => new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  doc.body.append(picture);
  return { doc, decoded: () => settle?.resolve(), failed: () => settle?.reject(new Error('broken')) };
}

/** Whether the promise has settled once the timers and frames due by now have run. */
async function isSettled(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(0);
  return settled;
}

describe('mainPictureShown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the main picture to be decoded, then for the frame that shows it', async () => {
    const page = pageWithPicture('high');
    const shown = mainPictureShown(page.doc);
    expect(await isSettled(shown)).toBe(false);
    page.decoded();
    expect(await isSettled(shown)).toBe(false); // decoded, not yet painted
    await vi.advanceTimersByTimeAsync(20); // the next frame, and the task after it
    expect(await isSettled(shown)).toBe(true);
  });

  it('goes on at once when the page has no main picture', async () => {
    expect(await isSettled(mainPictureShown(pageWithPicture(null).doc))).toBe(true);
  });

  it('goes on when the picture cannot be shown', async () => {
    const page = pageWithPicture('high');
    const shown = mainPictureShown(page.doc);
    page.failed();
    expect(await isSettled(shown)).toBe(true);
  });

  it('waits no longer than its limit for a picture that never comes, or a frame that is never painted', async () => {
    const page = pageWithPicture('high');
    const shown = mainPictureShown(page.doc);
    await vi.advanceTimersByTimeAsync(MAIN_PICTURE_WAIT_MS - 1);
    expect(await isSettled(shown)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isSettled(shown)).toBe(true);
  });
});
