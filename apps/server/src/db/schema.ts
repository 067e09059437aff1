export * from './schema/accounts.ts';
export * from './schema/menus.ts';
export * from './schema/jobs.ts';
export * from './schema/revisions.ts';
