/**
 * What a person does on a server-rendered page before its code runs (docs/decisions/028). The page is HTML
 * until then: its links and GET forms work by themselves, and what is typed into a form stays in the box
 * for the app to read when it starts. A button that needs the app, or a menu of the top bar, would do
 * nothing; this holds the last such tap or choice and plays it again once the app runs (`<html
 * data-app-ready>`, set by the root layout). The first touch, key or focus also asks for the app's code at
 * once, instead of after the main pictures.
 */

/** Set on `<html>` by the root layout once the app has rendered its first page. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/** The events that show someone is about to use the page: each asks for the app's code. */
const FIRST_INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

interface HeldInteraction {
  element: HTMLElement;
  /** A tap (or Enter, Space) on a button, or a choice in a menu (a native select). */
  kind: 'click' | 'change';
}

/**
 * A control that does nothing until the app runs: a button that submits nothing, or a select outside a GET
 * form. A link, and a GET form's fields and button, work as HTML and are left to the browser.
 */
function controlNeedingTheApp(target: EventTarget | null, root: Element): HeldInteraction | null {
  if (!(target instanceof Element) || !root.contains(target)) return null;
  const button = target.closest('button');
  if (button && button.type === 'button' && !button.disabled) return { element: button, kind: 'click' };
  if (target instanceof HTMLSelectElement && !target.form) return { element: target, kind: 'change' };
  return null;
}

/**
 * Starts the app (`startApp`, which must be safe to call more than once) on the first interaction, and
 * replays the last tap or choice made before it was ready. `root` is the app's container.
 */
export function holdEarlyInteractions(
  startApp: () => void,
  root: HTMLElement,
  doc: Document = document,
): void {
  const html = doc.documentElement;
  let held: HeldInteraction | null = null;

  const onFirstInteraction = () => {
    for (const type of FIRST_INTERACTIONS) doc.removeEventListener(type, onFirstInteraction, true);
    startApp();
  };
  for (const type of FIRST_INTERACTIONS) {
    doc.addEventListener(type, onFirstInteraction, { capture: true, passive: true });
  }

  const hold = (event: Event) => {
    if (html.hasAttribute(APP_READY_ATTRIBUTE)) return;
    const control = controlNeedingTheApp(event.target, root);
    if (!control || control.kind !== event.type) return;
    // A tap is kept from the page (nothing listens yet) and from being counted twice; a select keeps the
    // option chosen, which the replayed change reports.
    if (event.type === 'click') {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
    held?.element.removeAttribute('aria-busy');
    held = control;
    // Says the control heard the tap: styled as waiting (entry-client.css), announced by screen readers.
    control.element.setAttribute('aria-busy', 'true');
    startApp();
  };
  doc.addEventListener('click', hold, true);
  doc.addEventListener('change', hold, true);

  const replay = () => {
    doc.removeEventListener('click', hold, true);
    doc.removeEventListener('change', hold, true);
    const last = held;
    held = null;
    if (last) playWhenHydrated(last, Date.now() + HYDRATION_WAIT_MS);
  };
  if (html.hasAttribute(APP_READY_ATTRIBUTE)) {
    replay();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!html.hasAttribute(APP_READY_ATTRIBUTE)) return;
    observer.disconnect();
    whenIdle(replay);
  });
  observer.observe(html, { attributes: true, attributeFilter: [APP_READY_ATTRIBUTE] });
}

/**
 * The longest a held tap waits for React to hydrate its button (a slow phone on a slow network may take many
 * seconds to bring the page's code); after that it is played all the same.
 */
const HYDRATION_WAIT_MS = 30_000;

function playWhenHydrated(last: HeldInteraction, deadline: number): void {
  // Rendered again in between (another page, a closed menu): what was tapped is gone, so is the tap.
  if (!last.element.isConnected) return;
  if (!hydratedByReact(last.element) && Date.now() < deadline) {
    whenIdle(() => playWhenHydrated(last, deadline));
    return;
  }
  last.element.removeAttribute('aria-busy');
  if (last.kind === 'click') last.element.click();
  else last.element.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Whether React has hydrated this element, so that a click on it reaches its handler: React keeps each
 * hydrated element's props on it under a `__reactProps$…` key for its event system. The name is React's
 * internal one, read rather than relied on: without it, a held tap is played once the wait is over.
 * The page inside the layout is its own Suspense boundary, hydrated after the layout marks the app ready,
 * and on a slowed phone that can take longer than the browser's next idle moment; a click React cannot
 * hydrate its way to is dropped (seen on a 4×-slowed CPU: Make Puja tapped early, no sign-in ever opened).
 */
function hydratedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

/**
 * The app marks itself ready once its layout has hydrated; React hydrates the page inside it (a Suspense
 * boundary) in the next tasks, and drops a click it cannot yet hydrate its way to. Once the browser is
 * idle, that work is done. Safari has no idle callback: a short wait stands in.
 */
function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 300);
}
