/**
 * The reminders module's SQL that other modules may call, inside their own transactions: its public data
 * access. Everything else in its *.queries.ts is its own (docs/decisions/061).
 */
export { claimReminder } from './reminders.queries.ts';
