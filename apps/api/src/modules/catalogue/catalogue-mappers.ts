import { type MonasterySummary, type Puja, paisaToRupees } from '@puja/contract';
import type { MonasteryRow, OfferingRow, PujaRow } from './catalogue.queries.ts';

/** Pure mappers from the catalogue's rows to the contract's shapes (docs/api.md "Catalogue"). */

export function toMonasterySummary(row: MonasteryRow): MonasterySummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    image_path: row.imagePath,
    status: row.status === 1 ? 1 : 0,
  };
}

export function toPuja(row: PujaRow): Puja {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image_path: row.imagePath,
    status: row.status === 1 ? 1 : 0,
    monastery_id: row.monasteryId,
  };
}

export function toPivot(offering: OfferingRow) {
  return { id: offering.pivotId, cost: paisaToRupees(offering.costPaisa) };
}
