import {
  ERROR_MESSAGES,
  MONASTERY_GALLERY_MAX,
  MONASTERY_PAGE_FIELDS,
  type MonasteryPage,
  type MonasteryPageField,
  type MonasteryPageInput,
  type MonasteryPageProposal,
  type OwnMonasteryPageResponse,
  type PageProposalsResponse,
} from '@puja/contract';
import type { Database, Transaction } from '../../db/client.ts';
import { storeCataloguePicture } from '../../integrations/storage/catalogue-pictures.ts';
import type { FileStorage } from '../../integrations/storage/file-storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { refuseStaleVersion } from '../../lib/record-version.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { type AuditFields, changedFields, recordAudit } from '../audit/audit.service.ts';
import {
  findCurrentMonastery,
  type MonasteryRow,
  updateMonasteryRow,
} from '../catalogue/catalogue.shared-queries.ts';
import {
  decideProposal,
  findOwnProposals,
  insertProposal,
  listPendingProposals,
  lockProposal,
  type PageColumns,
  type ProposalWithAuthor,
  replacePendingProposal,
} from './monastery-page.queries.ts';

/** The audit actions that change a monastery's row: who made its version is the newest of them. */
const MONASTERY_WRITES = ['update', 'approve-page'] as const;

export function toMonasteryPage(row: PageColumns): MonasteryPage {
  return {
    description: row.description,
    description_ne: row.descriptionNe,
    description_zh_hant: row.descriptionZhHant,
    image_path: row.imagePath,
    gallery: row.gallery,
    address: row.address,
    phone: row.contactPhone,
    email: row.contactEmail,
  };
}

function toProposal(row: ProposalWithAuthor): MonasteryPageProposal {
  return {
    id: row.id,
    status: row.status,
    page: toMonasteryPage(row),
    proposed_by: row.proposedByName,
    created_at: row.createdAt.toISOString(),
    reason: row.reason,
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

/** The page as an audit entry records it (a gallery as its paths, one a line). */
function pageAuditFields(page: PageColumns): AuditFields {
  const shown = toMonasteryPage(page);
  return { ...shown, gallery: shown.gallery.join('\n') };
}

function changedBetween(current: MonasteryPage, proposed: MonasteryPage): MonasteryPageField[] {
  return MONASTERY_PAGE_FIELDS.filter(
    (field) => JSON.stringify(current[field]) !== JSON.stringify(proposed[field]),
  );
}

const pageOf = (row: MonasteryRow): PageColumns => ({
  description: row.description,
  descriptionNe: row.descriptionNe,
  descriptionZhHant: row.descriptionZhHant,
  imagePath: row.imagePath,
  gallery: row.gallery,
  address: row.address,
  contactPhone: row.contactPhone,
  contactEmail: row.contactEmail,
});

/**
 * A monastery's own page, edited by its staff (docs/decisions/046). With `review` (MONASTERY_PAGE_REVIEW,
 * on by default) a save is a proposal that waits for an administrator; without it, it is live at once. Either
 * way the save names the monastery's version it was made from (docs/decisions/040), and approving a
 * proposal made from an older version than the monastery's is refused, so no one's change is undone
 * unseen. Pictures follow the administrator's rules (re-encoded, content-hashed) and are stored before the
 * transaction, so no row stays locked while they are re-encoded. The public pages read only the
 * monastery's row: a proposal is never shown to visitors.
 */
export function createMonasteryPageService(dependencies: {
  db: Database;
  storage: FileStorage;
  /** Whether staff's changes wait for an administrator's approval. */
  review: boolean;
  catalogueChanged: () => Promise<void>;
}) {
  const { db, storage, review, catalogueChanged } = dependencies;

  /** The staff member's monastery (read with the session at each request), not archived. */
  async function ownMonastery(viewer: Viewer): Promise<MonasteryRow> {
    if (viewer.role !== 'monastery' || viewer.monastery_id === null)
      throw new AppError('forbidden', ERROR_MESSAGES.forbidden);
    const row = await findCurrentMonastery(db, viewer.monastery_id);
    if (!row) throw new AppError('forbidden', ERROR_MESSAGES.forbidden);
    return row;
  }

  async function ownPage(monastery: MonasteryRow): Promise<OwnMonasteryPageResponse> {
    const { pending, lastDecided } = await findOwnProposals(db, monastery.id);
    return {
      monastery: { id: monastery.id, name: monastery.name, slug: monastery.slug, version: monastery.version },
      page: toMonasteryPage(monastery),
      review,
      pending: pending ? toProposal(pending) : null,
      last_decided: lastDecided ? toProposal(lastDecided) : null,
    };
  }

  /** The page as saved: the pictures kept (from the live page or the pending proposal) and the new ones. */
  async function pageFromInput(monastery: MonasteryRow, input: MonasteryPageInput): Promise<PageColumns> {
    const { pending } = await findOwnProposals(db, monastery.id);
    // The form starts from the pending proposal when there is one: its pictures are the staff's to keep.
    const start = pending ?? pageOf(monastery);
    const known = new Set([...monastery.gallery, ...(pending?.gallery ?? [])]);
    const kept = [...new Set(input.keep_gallery)];
    if (kept.some((path) => !known.has(path)))
      throw new AppError('invalidInput', 'Keep only pictures of the gallery.', {
        keep_gallery: ['Keep only pictures of the gallery.'],
      });
    const added = input['gallery[]'] === undefined ? [] : [input['gallery[]']].flat();
    if (kept.length + added.length > MONASTERY_GALLERY_MAX) {
      const message = `The gallery holds at most ${MONASTERY_GALLERY_MAX} pictures.`;
      throw new AppError('invalidInput', message, { 'gallery[]': [message] });
    }
    const imagePath =
      input.image === undefined
        ? start.imagePath
        : await storeCataloguePicture(storage, input.image, monastery.slug);
    const gallery = [...kept];
    for (const picture of added)
      gallery.push(await storeCataloguePicture(storage, picture, `${monastery.slug}-gallery`));
    return {
      description: input.description,
      descriptionNe: input.description_ne,
      descriptionZhHant: input.description_zh_hant,
      imagePath,
      gallery,
      address: input.address,
      contactPhone: input.phone,
      contactEmail: input.email,
    };
  }

  async function reviewList(): Promise<PageProposalsResponse> {
    const rows = await listPendingProposals(db);
    return {
      proposals: rows.map(({ proposal, monastery }) => {
        const current = toMonasteryPage(monastery);
        const proposed = toMonasteryPage(proposal);
        return {
          id: proposal.id,
          monastery: {
            id: monastery.id,
            name: monastery.name,
            slug: monastery.slug,
            version: monastery.version,
          },
          proposed_by: proposal.proposedByName,
          created_at: proposal.createdAt.toISOString(),
          current,
          proposed,
          changed: changedBetween(current, proposed),
          stale: monastery.version !== proposal.baseVersion,
        };
      }),
    };
  }

  /** A pending proposal, locked until the decision commits: 404 when none, 409 when decided already. */
  async function pendingProposal(tx: Transaction, id: number) {
    const proposal = await lockProposal(tx, id);
    if (!proposal) throw new AppError('notFound', 'This change was not found.');
    if (proposal.status !== 'pending')
      throw new AppError('conflict', 'This change was decided already, or replaced by a newer one.');
    return proposal;
  }

  return {
    async read(viewer: Viewer): Promise<OwnMonasteryPageResponse> {
      return ownPage(await ownMonastery(viewer));
    },

    async save(viewer: Viewer, input: MonasteryPageInput): Promise<OwnMonasteryPageResponse> {
      const monastery = await ownMonastery(viewer);
      // Refused before any picture is stored when the form is already out of date.
      await refuseStaleVersion(db, monastery, input.version, {
        type: 'monastery',
        id: monastery.id,
        actions: MONASTERY_WRITES,
      });
      const page = await pageFromInput(monastery, input);
      await db.transaction(async (tx) => {
        const current = await findCurrentMonastery(tx, monastery.id, 'no key update');
        if (!current) throw new AppError('forbidden', ERROR_MESSAGES.forbidden);
        await refuseStaleVersion(tx, current, input.version, {
          type: 'monastery',
          id: current.id,
          actions: MONASTERY_WRITES,
        });
        await replacePendingProposal(tx, current.id);
        if (review) {
          const proposal = await insertProposal(tx, {
            ...page,
            monasteryId: current.id,
            proposedBy: viewer.id,
            baseVersion: current.version,
          });
          await recordAudit(tx, {
            actor: viewer,
            action: 'propose-page',
            subject: 'monastery',
            subjectId: current.id,
            before: pageAuditFields(pageOf(current)),
            after: { proposal_id: proposal.id, ...pageAuditFields(page) },
          });
        } else {
          const updated = await updateMonasteryRow(tx, current.id, page);
          await recordAudit(tx, {
            actor: viewer,
            action: 'update',
            subject: 'monastery',
            subjectId: current.id,
            ...changedFields(pageAuditFields(pageOf(current)), pageAuditFields(pageOf(updated))),
          });
        }
      });
      if (!review) await catalogueChanged();
      return {
        ...(await ownPage(await ownMonastery(viewer))),
        outcome: review ? 'proposed' : 'published',
      };
    },

    listProposals: reviewList,

    async approve(admin: Viewer, id: number): Promise<PageProposalsResponse> {
      await db.transaction(async (tx) => {
        const proposal = await pendingProposal(tx, id);
        const current = await findCurrentMonastery(tx, proposal.monasteryId, 'no key update');
        if (!current) throw new AppError('notFound', 'Monastery not found.');
        // Made from an older version: approving it would silently undo the change made since.
        await refuseStaleVersion(tx, current, proposal.baseVersion, {
          type: 'monastery',
          id: current.id,
          actions: MONASTERY_WRITES,
        });
        const updated = await updateMonasteryRow(tx, current.id, {
          description: proposal.description,
          descriptionNe: proposal.descriptionNe,
          descriptionZhHant: proposal.descriptionZhHant,
          imagePath: proposal.imagePath,
          gallery: proposal.gallery,
          address: proposal.address,
          contactPhone: proposal.contactPhone,
          contactEmail: proposal.contactEmail,
        });
        await decideProposal(tx, id, {
          status: 'approved',
          reason: null,
          decidedBy: admin.id,
          decidedAt: new Date(),
        });
        const changes = changedFields(pageAuditFields(pageOf(current)), pageAuditFields(pageOf(updated)));
        await recordAudit(tx, {
          actor: admin,
          action: 'approve-page',
          subject: 'monastery',
          subjectId: current.id,
          before: changes.before,
          after: { proposal_id: id, ...changes.after },
        });
      });
      await catalogueChanged();
      return reviewList();
    },

    async reject(admin: Viewer, id: number, reason: string): Promise<PageProposalsResponse> {
      await db.transaction(async (tx) => {
        const proposal = await pendingProposal(tx, id);
        await decideProposal(tx, id, {
          status: 'rejected',
          reason,
          decidedBy: admin.id,
          decidedAt: new Date(),
        });
        await recordAudit(tx, {
          actor: admin,
          action: 'reject-page',
          subject: 'monastery',
          subjectId: proposal.monasteryId,
          before: { proposal_id: id, status: 'pending' },
          after: { proposal_id: id, status: 'rejected', reason },
        });
      });
      return reviewList();
    },
  };
}

export type MonasteryPageService = ReturnType<typeof createMonasteryPageService>;
