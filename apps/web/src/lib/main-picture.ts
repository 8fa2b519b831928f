/**
 * How long a rendered page's code waits for its main pictures at most: a picture that is slow or never
 * comes (a broken upload, a stalled connection, a tab opened in the background, where the browser paints
 * nothing) must not keep the page from working.
 */
export const MAIN_PICTURE_WAIT_MS = 3000;

/**
 * Resolves once the page's main pictures are on screen, at once when the page has none, and after
 * MAIN_PICTURE_WAIT_MS at the latest. The main pictures are those asked for at high priority
 * (components/responsive-picture.tsx): a detail page's cover, or a list's first cards (EAGER_PICTURES), which
 * share the first frame, so the largest of them may be any one. They are on screen the frame after they
 * are decoded.
 */
export function mainPicturesShown(doc: Document = document): Promise<void> {
  const pictures = [...doc.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  if (pictures.length === 0) return Promise.resolve();
  // A picture that cannot be shown is not waited for.
  const decoded = Promise.all(pictures.map((picture) => picture.decode().catch(() => undefined)));
  return Promise.race([
    decoded.then(afterNextPaint),
    new Promise<void>((resolve) => setTimeout(resolve, MAIN_PICTURE_WAIT_MS)),
  ]);
}

/** A frame's callbacks run before it is painted; a task queued from one runs after. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
