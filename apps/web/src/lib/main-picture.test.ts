import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAIN_PICTURE_WAIT_MS, mainPicturesShown } from './main-picture.ts';

interface TestPicture {
  decoded(): void;
  failed(): void;
}

/** A page with pictures, each asked for at high priority or not, whose decoding the test settles. */
function pageWithPictures(...priorities: ('high' | null)[]) {
  const doc = document.implementation.createHTMLDocument();
  const pictures = priorities.map((fetchPriority): TestPicture => {
    const image = doc.createElement('img');
    if (fetchPriority) image.setAttribute('fetchpriority', fetchPriority);
    let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
    image.decode = () => new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    doc.body.append(image);
    return { decoded: () => settle?.resolve(), failed: () => settle?.reject(new Error('broken')) };
  });
  return { doc, pictures };
}

/** Whether the promise has settled once the timers and frames due by now have run. */
async function isSettled(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(0);
  return settled;
}

describe('mainPicturesShown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for every main picture to be decoded, then for the frame that shows them', async () => {
    const { doc, pictures } = pageWithPictures('high', 'high', null);
    const shown = mainPicturesShown(doc);
    pictures[0]!.decoded();
    expect(await isSettled(shown)).toBe(false);
    pictures[1]!.decoded();
    expect(await isSettled(shown)).toBe(false); // decoded, not yet painted
    await vi.advanceTimersByTimeAsync(20); // the next frame, and the task after it
    expect(await isSettled(shown)).toBe(true); // the lazy third picture is not waited for
  });

  it('goes on at once when the page has no main picture', async () => {
    expect(await isSettled(mainPicturesShown(pageWithPictures(null).doc))).toBe(true);
  });

  it('does not wait for a picture that cannot be shown', async () => {
    const { doc, pictures } = pageWithPictures('high', 'high');
    const shown = mainPicturesShown(doc);
    pictures[0]!.failed();
    pictures[1]!.decoded();
    await vi.advanceTimersByTimeAsync(20);
    expect(await isSettled(shown)).toBe(true);
  });

  it('waits no longer than its limit for a picture that never comes, or a frame that is never painted', async () => {
    const { doc } = pageWithPictures('high');
    const shown = mainPicturesShown(doc);
    await vi.advanceTimersByTimeAsync(MAIN_PICTURE_WAIT_MS - 1);
    expect(await isSettled(shown)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isSettled(shown)).toBe(true);
  });
});
