/**
 * How long a rendered page's code waits for its main picture at most: a picture that is slow or never
 * comes (a broken upload, a stalled connection, a tab opened in the background, where the browser paints
 * nothing) must not keep the page from working.
 */
export const MAIN_PICTURE_WAIT_MS = 3000;

/**
 * Resolves once the page's main picture (its largest, the one asked for at high priority: see
 * components/responsive-picture.tsx) is on screen, at once when the page has none, and after
 * MAIN_PICTURE_WAIT_MS at the latest. The picture is on screen the frame after it is decoded.
 */
export function mainPictureShown(doc: Document = document): Promise<void> {
  const picture = doc.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!picture) return Promise.resolve();
  const shown = picture.decode().then(afterNextPaint, () => undefined);
  return Promise.race([shown, new Promise<void>((resolve) => setTimeout(resolve, MAIN_PICTURE_WAIT_MS))]);
}

/** A frame's callbacks run before it is painted; a task queued from one runs after. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
