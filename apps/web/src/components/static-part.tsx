import { type MouseEvent, type ReactNode, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import classes from './static-part.module.css';

/**
 * A part of a server-rendered page that needs no JavaScript to be read or followed: a grid of catalogue
 * cards, the footer (docs/decisions/032). The server renders `children` inside a wrapper that adds no box;
 * the browser, hydrating that page, keeps the server's HTML as it is instead of hydrating it, so neither
 * the part's code (`children` is a lazy component, loaded only if the part must be drawn in the browser)
 * nor its hydration costs anything on arrival. Its links are followed by the router, as the app's own.
 *
 * The part is drawn by its code (loaded then, the server's HTML shown meanwhile) as soon as one of
 * `inputs` differs from the first render's: its data, the language, the session — whatever it shows.
 * A page the browser renders itself (a move from another page, the shell) draws it at once.
 */
export function StaticPart({
  id,
  inputs,
  fallback,
  children,
}: {
  /**
   * What shows while the part's code loads on a page drawn in the browser, for a part that should not hold
   * up the rest (the footer: `null`); by default the page waits for it.
   */
  fallback?: ReactNode;
  /**
   * The part's CSS modules, imported by the page: the server writes into a rendered page the styles of the
   * code the page starts (docs/decisions/024), and a CSS module only the part's own (lazy) code imported
   * would not be among them. Named here, they are.
   */
  styles: readonly Readonly<Record<string, string>>[];
  /** Unique on the page: names the server's wrapper the browser finds again. */
  id: string;
  /** Everything the part shows depends on, compared one by one with `Object.is`. */
  inputs: readonly unknown[];
  children: ReactNode;
}) {
  const [serverHtml] = useState(() => serverHtmlOf(id));
  const [firstInputs] = useState(inputs);
  const unchanged =
    inputs.length === firstInputs.length &&
    inputs.every((input, index) => Object.is(input, firstInputs[index]));
  // Once drawn by its code, it stays so.
  const [drawn, setDrawn] = useState(serverHtml === null);
  if (!drawn && !unchanged) setDrawn(true);
  const followLink = useLinkFollower();

  // Without a fallback, the part's code is waited for as the page's is (the page's loader, or the page
  // before it kept on screen during a move). With one, the part is its own Suspense boundary in every
  // case, so the browser's tree has the boundary the server's HTML has.
  const boundary = (content: ReactNode) =>
    fallback === undefined ? content : <Suspense fallback={fallback}>{content}</Suspense>;
  if (serverHtml === null) {
    return boundary(
      <div className={classes.part} data-static-part={id} ref={markTaken}>
        {children}
      </div>,
    );
  }
  const asServed = (
    // biome-ignore lint/a11y/noStaticElementInteractions: the clicks handled are those on the links inside.
    // biome-ignore lint/a11y/useKeyWithClickEvents: a link followed by Enter is a click too.
    <div
      className={classes.part}
      data-static-part={id}
      ref={markTaken}
      onClick={followLink}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own markup of this part, read back from the page.
      dangerouslySetInnerHTML={{ __html: serverHtml }}
    />
  );
  if (!drawn) return boundary(asServed);
  return boundary(
    <Suspense fallback={asServed}>
      <div className={classes.part} data-static-part={id} ref={markTaken}>
        {children}
      </div>
    </Suspense>,
  );
}

/**
 * The parts' elements React has taken (hydrated the server's, or made its own): a later render of the same
 * id (another visit of the page, or the same page at another language's address while the previous one is
 * still on screen: docs/decisions/047) draws its own instead of reading one of these as the server's.
 */
const hydratedParts = new WeakSet<Element>();

function markTaken(element: HTMLDivElement | null): void {
  if (element) hydratedParts.add(element);
}

function partElement(id: string): Element | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector(`[data-static-part="${CSS.escape(id)}"]`);
}

/**
 * The server's HTML of the part, when this render is hydrating the page the server sent (its wrapper is in
 * the document and no render has taken it yet); otherwise null: on the server, or a page drawn here.
 */
function serverHtmlOf(id: string): string | null {
  const element = partElement(id);
  if (!element || hydratedParts.has(element)) return null;
  return element.innerHTML;
}

/** A click on a link of the app inside the part moves as the app's own links do, without a page load. */
function useLinkFollower(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element).closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
    if (link.hasAttribute('download') || link.origin !== window.location.origin) return;
    event.preventDefault();
    void navigate(`${link.pathname}${link.search}${link.hash}`);
  };
}
