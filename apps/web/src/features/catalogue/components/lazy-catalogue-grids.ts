import { type ComponentProps, createElement, lazy, useEffect } from 'react';
import gridClasses from '../../../components/card-grid.module.css';
import pictureClasses from '../../../components/responsive-picture.module.css';
import cardClasses from './catalogue-card.module.css';

/**
 * The home and list pages' grids, loaded only when a page draws one itself; a page the server rendered
 * keeps the server's HTML of them (`StaticPart`, docs/decisions/032).
 */
type GridsModule = typeof import('./catalogue-grids.tsx');
let loaded: GridsModule | undefined;
const grids = () => import('./catalogue-grids.tsx').then((module) => (loaded = module));
const LazyMonasteryGrid = lazy(async () => ({ default: (await grids()).MonasteryGrid }));
const LazyPujaGrid = lazy(async () => ({ default: (await grids()).PujaGrid }));

// Once the code is in, a grid is drawn at once rather than through Suspense: a page drawn again in the
// browser (the visitor going back to a list) then has its full height when its scroll is restored.
export function MonasteryGrid(props: ComponentProps<GridsModule['MonasteryGrid']>) {
  return createElement(loaded?.MonasteryGrid ?? LazyMonasteryGrid, props);
}
export function PujaGrid(props: ComponentProps<GridsModule['PujaGrid']>) {
  return createElement(loaded?.PujaGrid ?? LazyPujaGrid, props);
}

/**
 * Fetches the grids' code as the visitor leaves a page that kept the server's grids: not part of the
 * page's start-up (nor downloaded by a visitor who only reads it), but in before they come back to the
 * list, which is then drawn by the browser at its full height.
 */
export function usePreloadedCatalogueGrids(): void {
  useEffect(
    () => () => {
      void grids();
    },
    [],
  );
}

/**
 * The grids' CSS modules, given to their `StaticPart` so the styles stay in the page's first paint (the
 * pictures' are the detail pages' covers' too).
 */
export const catalogueGridStyles = [gridClasses, cardClasses, pictureClasses];
