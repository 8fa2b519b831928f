import type { AuditEntry } from '@puja/contract';

/**
 * A restore is recorded as an update of the archived mark (docs/api.md "Catalogue"); people call it a
 * restore, so the log says so.
 */
export function isRestore(entry: Pick<AuditEntry, 'action' | 'before' | 'after'>): boolean {
  return (
    entry.action === 'update' &&
    entry.after !== null &&
    Object.hasOwn(entry.after, 'archived_at') &&
    entry.after.archived_at === null &&
    typeof entry.before?.archived_at === 'string'
  );
}

/**
 * The fields an entry recorded, as `field: before → after` lines. A side that does not name the field (a
 * create has no before; an archive names the row's fields before and only `archived_at` after) shows the
 * other side's value alone.
 */
export function changesOf(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...fields].map((field) => {
    if (!Object.hasOwn(before, field)) return `${field}: ${showValue(after[field])}`;
    if (!Object.hasOwn(after, field)) return `${field}: ${showValue(before[field])}`;
    return `${field}: ${showValue(before[field])} → ${showValue(after[field])}`;
  });
}

/** Long text (a description) is cut: the log says that it changed, the row itself says what it is now. */
const MAX_VALUE_LENGTH = 60;

function showValue(value: unknown): string {
  const text =
    value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}
