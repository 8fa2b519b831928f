import { type MonasterySummary, PLAN_KINDS, type Puja, paisaToRupees } from '@puja/contract';
import type { MonasteryRow, OfferingRow, PujaRow } from './catalogue.queries.ts';
import { translationFields } from './catalogue-items.ts';
import { toOfferingPricing } from './offering-pricing.ts';

/** Pure mappers from the catalogue's rows to the contract's shapes (docs/api.md "Catalogue"). */

export function toMonasterySummary(row: MonasteryRow): MonasterySummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    ...translationFields(row),
    image_path: row.imagePath,
    gallery: row.gallery,
    address: row.address,
    phone: row.contactPhone,
    email: row.contactEmail,
    status: row.status === 1 ? 1 : 0,
    version: row.version,
  };
}

export function toPuja(row: PujaRow): Puja {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    ...translationFields(row),
    image_path: row.imagePath,
    status: row.status === 1 ? 1 : 0,
    monastery_id: row.monasteryId,
    version: row.version,
  };
}

export function toPivot(
  offering: Pick<
    OfferingRow,
    'pivotId' | 'costPaisa' | 'pricing' | 'planKinds' | 'planSchedule' | 'planPayEach'
  >,
) {
  return {
    id: offering.pivotId,
    cost: paisaToRupees(offering.costPaisa),
    pricing: toOfferingPricing(offering.pricing),
    // In the order of PLAN_KINDS whatever order they were saved in, so every screen lists them alike.
    plan_kinds: PLAN_KINDS.filter((kind) => offering.planKinds.includes(kind)),
    // The Make Puja form's preview places the 49 days on these, as the server does (docs/decisions/059).
    plan_schedule: offering.planSchedule,
    plan_pay_each: offering.planPayEach,
  };
}
