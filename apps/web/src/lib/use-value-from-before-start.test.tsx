import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useValueFromBeforeStart } from './use-value-from-before-start.ts';

/** A controlled search box that shows what its state holds, as the catalogue's search does. */
function SearchBox() {
  const [search, setSearch] = useState('');
  const input = useValueFromBeforeStart<HTMLInputElement>(search, setSearch);
  return (
    <>
      <input
        ref={input}
        aria-label="Search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <output>{search ? `Looking for ${search}` : 'Everything'}</output>
    </>
  );
}

/** Rendered as the server does, then hydrated; `beforeStart` acts on the page's HTML in between. */
async function hydrateAfter(beforeStart: (container: HTMLElement) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<SearchBox />);
  document.body.append(container);
  beforeStart(container);
  await act(async () => void hydrateRoot(container, <SearchBox />));
  return container;
}

describe('useValueFromBeforeStart', () => {
  // React's `act` outside Testing Library's render.
  beforeAll(() => Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true }));
  afterEach(() => document.body.replaceChildren());

  it('takes over what was typed before the app ran, and keeps it in the box', async () => {
    const container = await hydrateAfter((page) => {
      page.querySelector('input')!.value = 'Tara';
    });
    expect(container.querySelector('output')).toHaveTextContent('Looking for Tara');
    expect(container.querySelector('input')).toHaveValue('Tara');
  });

  it('changes nothing when nothing was typed', async () => {
    const container = await hydrateAfter(() => undefined);
    expect(container.querySelector('output')).toHaveTextContent('Everything');
    expect(container.querySelector('input')).toHaveValue('');
  });
});
