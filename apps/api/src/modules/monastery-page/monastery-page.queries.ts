import { PAGE_PROPOSALS_LIST_MAX } from '@puja/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { monasteries, monasteryPageProposals, users } from '../../db/schema/index.ts';

export type ProposalRow = typeof monasteryPageProposals.$inferSelect;
/** A proposal with the name of who made it. */
export type ProposalWithAuthor = ProposalRow & { proposedByName: string };

/** The page's columns as a monastery row and a proposal both hold them. */
export interface PageColumns {
  description: string;
  descriptionNe: string | null;
  descriptionZhHant: string | null;
  imagePath: string | null;
  gallery: string[];
  address: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
}

const proposer = alias(users, 'proposer');
const withAuthor = {
  proposal: monasteryPageProposals,
  name: proposer.name,
  phone: proposer.phone,
  email: proposer.email,
};
const authorOf = (row: { name: string; phone: string | null; email: string | null }) =>
  row.name || row.phone || row.email || '';

/** The monastery's pending proposal and its last decided one (approved or rejected). */
export async function findOwnProposals(db: Executor, monasteryId: number) {
  const rows = await db
    .select(withAuthor)
    .from(monasteryPageProposals)
    .innerJoin(proposer, eq(proposer.id, monasteryPageProposals.proposedBy))
    .where(
      and(
        eq(monasteryPageProposals.monasteryId, monasteryId),
        inArray(monasteryPageProposals.status, ['pending', 'approved', 'rejected']),
      ),
    )
    .orderBy(desc(monasteryPageProposals.id))
    .limit(2);
  const shaped = rows.map((row) => ({ ...row.proposal, proposedByName: authorOf(row) }));
  return {
    pending: shaped.find((row) => row.status === 'pending') ?? null,
    lastDecided: shaped.find((row) => row.status !== 'pending') ?? null,
  };
}

/** Every pending proposal, oldest first, with its monastery as it is now (at most one per monastery). */
export async function listPendingProposals(db: Executor) {
  const rows = await db
    .select({ ...withAuthor, monastery: monasteries })
    .from(monasteryPageProposals)
    .innerJoin(proposer, eq(proposer.id, monasteryPageProposals.proposedBy))
    .innerJoin(monasteries, eq(monasteries.id, monasteryPageProposals.monasteryId))
    .where(eq(monasteryPageProposals.status, 'pending'))
    .orderBy(asc(monasteryPageProposals.id))
    .limit(PAGE_PROPOSALS_LIST_MAX);
  return rows.map((row) => ({
    proposal: { ...row.proposal, proposedByName: authorOf(row) },
    monastery: row.monastery,
  }));
}

export async function lockProposal(tx: Executor, id: number): Promise<ProposalRow | undefined> {
  const [row] = await tx
    .select()
    .from(monasteryPageProposals)
    .where(eq(monasteryPageProposals.id, id))
    .for('update');
  return row;
}

/** The monastery's pending proposal, if any, becomes `replaced` (a newer one, or a change made live). */
export async function replacePendingProposal(tx: Executor, monasteryId: number): Promise<void> {
  await tx
    .update(monasteryPageProposals)
    .set({ status: 'replaced' })
    .where(
      and(eq(monasteryPageProposals.monasteryId, monasteryId), eq(monasteryPageProposals.status, 'pending')),
    );
}

export async function insertProposal(
  tx: Executor,
  values: PageColumns & { monasteryId: number; proposedBy: number; baseVersion: number },
): Promise<ProposalRow> {
  const [row] = await tx.insert(monasteryPageProposals).values(values).returning();
  return row!;
}

export async function decideProposal(
  tx: Executor,
  id: number,
  decision: { status: 'approved' | 'rejected'; reason: string | null; decidedBy: number; decidedAt: Date },
): Promise<void> {
  await tx.update(monasteryPageProposals).set(decision).where(eq(monasteryPageProposals.id, id));
}
