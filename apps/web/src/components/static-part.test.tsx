import { act, lazy } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StaticPart } from './static-part.tsx';

function Cards({ name }: { name: string }) {
  return (
    <article>
      <a href="/monastery/kopan-monastery">{name}</a>
    </article>
  );
}

function Where() {
  return <output>{useLocation().pathname}</output>;
}

let cardsLoaded = 0;
const LazyCards = lazy(async () => {
  cardsLoaded += 1;
  return { default: Cards };
});

function Page({ language, name }: { language: string; name: string }) {
  return (
    <MemoryRouter>
      <StaticPart id="cards" inputs={[language]} styles={[]}>
        <LazyCards name={name} />
      </StaticPart>
      <Where />
    </MemoryRouter>
  );
}

/** The page as the server sends it (the part's own component, already loaded there), then hydrated. */
async function hydrated(): Promise<{ container: HTMLElement; root: Root; serverLink: Element }> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <MemoryRouter>
      <StaticPart id="cards" inputs={['en']} styles={[]}>
        <Cards name="Kopan Monastery" />
      </StaticPart>
      <Where />
    </MemoryRouter>,
  );
  document.body.append(container);
  const serverLink = container.querySelector('a')!;
  let root!: Root;
  await act(async () => {
    root = hydrateRoot(container, <Page language="en" name="Kopan Monastery" />);
  });
  return { container, root, serverLink };
}

describe('StaticPart', () => {
  beforeAll(() => Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true }));
  afterEach(() => {
    document.body.replaceChildren();
    cardsLoaded = 0;
  });

  it("keeps the server's HTML as it is, without loading the part's code", async () => {
    const { container, serverLink } = await hydrated();
    expect(cardsLoaded).toBe(0);
    expect(container.querySelector('a')).toBe(serverLink);
    expect(serverLink.textContent).toBe('Kopan Monastery');
  });

  it("hands a click on one of the app's links to the router", async () => {
    const { container, serverLink } = await hydrated();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    await act(async () => void serverLink.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    expect(container.querySelector('output')?.textContent).toBe('/monastery/kopan-monastery');
  });

  it('draws the part with its code once what it shows has changed', async () => {
    const { container, root } = await hydrated();
    await act(async () => root.render(<Page language="ne" name="कोपन गुम्बा" />));
    expect(cardsLoaded).toBe(1);
    expect(container.querySelector('a')?.textContent).toBe('कोपन गुम्बा');
  });

  it('hydrates without a mismatch when the part has a fallback of its own', async () => {
    const page = (name: string) => (
      <MemoryRouter>
        <StaticPart id="cards" inputs={['en']} styles={[]} fallback={null}>
          {name === 'server' ? <Cards name="Kopan Monastery" /> : <LazyCards name="Kopan Monastery" />}
        </StaticPart>
      </MemoryRouter>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page('server'));
    document.body.append(container);
    const serverLink = container.querySelector('a');
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, page('browser'), { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('a')).toBe(serverLink);
  });

  it('draws the part at once on a page the browser renders itself', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => createRoot(container).render(<Page language="en" name="Kopan Monastery" />));
    // Its code (loaded once per visit: React keeps a lazy component's module) draws it, in a wrapper.
    expect(container.querySelector('[data-static-part="cards"] a')?.textContent).toBe('Kopan Monastery');
  });
});
