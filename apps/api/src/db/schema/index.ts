export * from './audit.ts';
export * from './catalogue.ts';
export * from './exchange-rates.ts';
export * from './ledger.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './reconciliation.ts';
export * from './users.ts';
