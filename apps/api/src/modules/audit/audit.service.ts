import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type AuditLogResponse,
  type AuditSubject,
  addDays,
  type Role,
  startOfBusinessDay,
} from '@puja/contract';
import type { Database, Transaction } from '../../db/client.ts';
import { insertAuditEntry, listAuditEntries } from './audit.queries.ts';

/**
 * The audit log of administrator and staff writes (docs/decisions/008). Services call `recordAudit` with
 * the transaction that makes the change, so an entry exists exactly when its change was committed.
 */

/** Field values as the API shows them: rupees, ISO dates, ids. Never objects: each field is named. */
export type AuditValue = string | number | boolean | null;
export type AuditFields = Record<string, AuditValue>;

export interface AuditRecord {
  /** The signed-in person making the change (a `Viewer` fits). */
  actor: { id: number; role: Role };
  action: AuditAction;
  subject: AuditSubject;
  subjectId: number;
  /** The changed fields as they were; null when the subject did not exist before (a create). */
  before: AuditFields | null;
  /** The changed fields as they became; null when the subject no longer exists (a delete). */
  after: AuditFields | null;
}

/**
 * Field names that could carry a secret. Services build before/after from named fields, never by copying
 * rows, so this is a second line of defence: a mistake fails the write loudly instead of leaking quietly.
 */
const SECRET_FIELD_NAME = /(^|_)(c?password|hash|otp|code|token|secret)$/i;

export class AuditSecretFieldError extends Error {
  constructor(field: string) {
    super(`Audit entries never record "${field}": it may hold a secret.`);
    this.name = 'AuditSecretFieldError';
  }
}

export async function recordAudit(tx: Transaction, record: AuditRecord): Promise<void> {
  // Saving a form unchanged changes nothing, so there is nothing to answer for later.
  if (record.action === 'update' && isEmpty(record.before) && isEmpty(record.after)) return;
  for (const fields of [record.before, record.after]) {
    for (const field of Object.keys(fields ?? {})) {
      if (SECRET_FIELD_NAME.test(field)) throw new AuditSecretFieldError(field);
    }
  }
  await insertAuditEntry(tx, {
    actorId: record.actor.id,
    actorRole: record.actor.role,
    action: record.action,
    subjectType: record.subject,
    subjectId: record.subjectId,
    before: record.before,
    after: record.after,
  });
}

function isEmpty(fields: AuditFields | null): boolean {
  return fields === null || Object.keys(fields).length === 0;
}

/** Only the fields whose value differs, as `before` and `after` of an update. */
export function changedFields(
  before: AuditFields,
  after: AuditFields,
): { before: AuditFields; after: AuditFields } {
  const changed = { before: {} as AuditFields, after: {} as AuditFields };
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[field] ?? null;
    const next = after[field] ?? null;
    if (old === next) continue;
    changed.before[field] = old;
    changed.after[field] = next;
  }
  return changed;
}

/** Reading the log: administrators only (the route says so). */
export interface AuditLogQuery {
  actor?: string | undefined;
  action?: AuditAction | undefined;
  subject?: AuditSubject | undefined;
  /** Business days (`YYYY-MM-DD`), both included. */
  from?: string | undefined;
  to?: string | undefined;
  before?: number | undefined;
}

export function createAuditLogService(dependencies: { db: Database; businessTimeZone: string }) {
  const { db, businessTimeZone: zone } = dependencies;
  return {
    /** One page, newest first, narrowed by the filters; `nextBefore` continues where this page stops. */
    async readPage(query: AuditLogQuery) {
      // One row more than a page tells whether another page follows, without counting.
      const rows = await listAuditEntries(db, {
        actor: query.actor || undefined,
        action: query.action,
        subject: query.subject,
        // The days are Nepal's (as on the Payments screen): `to` runs until the next day starts there.
        from: query.from ? new Date(startOfBusinessDay(query.from, zone)) : undefined,
        to: query.to ? new Date(startOfBusinessDay(addDays(query.to, 1), zone)) : undefined,
        before: query.before,
        limit: AUDIT_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, AUDIT_PAGE_SIZE);
      const entries: AuditEntry[] = page.map(({ entry, actorName }) => ({
        id: entry.id,
        at: entry.createdAt.toISOString(),
        actor: { id: entry.actorId, name: actorName, role: entry.actorRole },
        action: entry.action,
        subject: entry.subjectType,
        subjectId: entry.subjectId,
        before: entry.before,
        after: entry.after,
      }));
      const response: AuditLogResponse = {
        entries,
        nextBefore: rows.length > AUDIT_PAGE_SIZE ? page.at(-1)!.entry.id : null,
      };
      return response;
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
