import { lazy } from 'react';
import gridClasses from '../../../components/card-grid.module.css';
import pictureClasses from '../../../components/responsive-picture.module.css';
import cardClasses from './catalogue-card.module.css';

/**
 * The home and list pages' grids, loaded only when a page draws one itself; a page the server rendered
 * keeps the server's HTML of them (`StaticPart`, docs/decisions/032).
 */
const grids = () => import('./catalogue-grids.tsx');
export const MonasteryGrid = lazy(async () => ({ default: (await grids()).MonasteryGrid }));
export const PujaGrid = lazy(async () => ({ default: (await grids()).PujaGrid }));

/**
 * The grids' CSS modules, given to their `StaticPart` so the styles stay in the page's first paint (the
 * pictures' are the detail pages' covers' too).
 */
export const catalogueGridStyles = [gridClasses, cardClasses, pictureClasses];
