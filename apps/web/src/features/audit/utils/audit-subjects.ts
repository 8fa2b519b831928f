import type { AuditEntry } from '@puja/contract';

/** The name an audit entry's row had (after the change, or before a deletion), when it has one. */
export function subjectNameOf(entry: Pick<AuditEntry, 'before' | 'after'>): string | null {
  const name = entry.after?.name ?? entry.before?.name;
  return typeof name === 'string' && name.trim() !== '' ? name : null;
}
