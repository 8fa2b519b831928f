export * from './catalogue.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './phone.ts';
export * from './session.ts';
export * from './system.ts';
