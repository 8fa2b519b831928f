import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyInteractions } from './early-interactions.ts';

/** A rendered page before its code runs: a button that needs the app, a menu, a link and a GET form. */
function renderedPage() {
  const doc = document.implementation.createHTMLDocument();
  doc.body.innerHTML = `
    <div id="root">
      <button type="button" id="make-puja">Make Puja</button>
      <button type="button" id="sign-up">Sign Up</button>
      <select id="language"><option value="en">English</option><option value="ne">नेपाली</option></select>
      <a href="/pujas" id="link">Pujas</a>
      <form method="get" id="search"><input name="q"><select name="sort" id="sort"><option>a</option></select>
        <button type="submit" id="submit">Search</button></form>
    </div>
    <button type="button" id="outside">Not the app's</button>`;
  const root = doc.getElementById('root')!;
  const startApp = vi.fn();
  holdEarlyInteractions(startApp, root, doc);
  const element = <T extends HTMLElement = HTMLElement>(id: string) => doc.getElementById(id) as T;
  // What the app does with a tap or a choice once it runs, as React's handlers would.
  const heard: string[] = [];
  for (const id of ['make-puja', 'sign-up', 'submit'])
    element(id).addEventListener('click', () => heard.push(id));
  element('language').addEventListener('change', (event) =>
    heard.push(`language:${(event.target as HTMLSelectElement).value}`),
  );
  /** React hydrating an element: it keeps the element's props on it, as `__reactProps$<random>`. */
  const hydrate = (target: Element) => Object.assign(target, { __reactProps$test: {} });
  const appRuns = async () => {
    for (const target of doc.querySelectorAll('#root *')) hydrate(target);
    doc.documentElement.setAttribute('data-app-ready', '');
    // The mutation observer's turn, then the browser's next idle moment.
    await vi.runAllTimersAsync();
  };
  return { doc, element, startApp, heard, appRuns, hydrate };
}

/** A click as the browser sends it; answers whether the page's default action still happens. */
function tap(target: HTMLElement): boolean {
  return target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

describe('holdEarlyInteractions', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('starts the app on the first touch, key or focus, once', () => {
    const { element, startApp } = renderedPage();
    expect(startApp).not.toHaveBeenCalled();
    element('link').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    element('link').dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(startApp).toHaveBeenCalledTimes(1);
  });

  it('holds a tap on a button that needs the app and plays it again once the app runs', async () => {
    const { element, startApp, heard, appRuns } = renderedPage();
    tap(element('make-puja'));
    expect(heard).toEqual([]); // nothing on the page hears it yet
    expect(element('make-puja').getAttribute('aria-busy')).toBe('true');
    expect(startApp).toHaveBeenCalled();
    await appRuns();
    expect(heard).toEqual(['make-puja']);
    expect(element('make-puja').hasAttribute('aria-busy')).toBe(false);
  });

  it('waits for React to hydrate the tapped button before playing the tap, as long as the wait allows', async () => {
    const { doc, element, heard, hydrate } = renderedPage();
    tap(element('make-puja'));
    // The layout hydrated, the page inside it not yet: the tap waits, still shown as heard.
    doc.documentElement.setAttribute('data-app-ready', '');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(heard).toEqual([]);
    expect(element('make-puja').getAttribute('aria-busy')).toBe('true');
    hydrate(element('make-puja'));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(heard).toEqual(['make-puja']);

    // A button never seen hydrated (a React without that mark) gets its tap once the wait is over.
    const later = renderedPage();
    tap(later.element('sign-up'));
    later.doc.documentElement.setAttribute('data-app-ready', '');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(later.heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(later.heard).toEqual(['sign-up']);
  });

  it('plays only the last of several taps, once', async () => {
    const { element, heard, appRuns } = renderedPage();
    tap(element('make-puja'));
    tap(element('make-puja'));
    tap(element('sign-up'));
    expect(element('make-puja').hasAttribute('aria-busy')).toBe(false);
    await appRuns();
    expect(heard).toEqual(['sign-up']);
  });

  it('plays a choice in a menu again, with the option chosen', async () => {
    const { element, heard, appRuns } = renderedPage();
    const language = element<HTMLSelectElement>('language');
    language.value = 'ne';
    language.dispatchEvent(new Event('change', { bubbles: true }));
    heard.length = 0; // the listener standing in for React's was already there; React's is not
    await appRuns();
    expect(heard).toEqual(['language:ne']);
  });

  it('leaves links, GET forms and what is outside the app to the browser', async () => {
    const { element, heard, appRuns } = renderedPage();
    expect(tap(element('link'))).toBe(true);
    expect(tap(element('submit'))).toBe(true);
    expect(tap(element('outside'))).toBe(true);
    element('sort').dispatchEvent(new Event('change', { bubbles: true }));
    heard.length = 0;
    await appRuns();
    expect(heard).toEqual([]);
  });

  it('does not replay a tap whose button is gone, nor hold taps once the app runs', async () => {
    const { element, heard, appRuns } = renderedPage();
    tap(element('make-puja'));
    element('make-puja').remove();
    await appRuns();
    expect(heard).toEqual([]);
    expect(tap(element('sign-up'))).toBe(true);
    expect(heard).toEqual(['sign-up']);
  });
});
