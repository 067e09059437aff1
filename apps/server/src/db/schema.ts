export * from './schema/accounts.ts';
export * from './schema/menus.ts';
export * from './schema/jobs.ts';
export * from './schema/revisions.ts';
export * from './schema/catalog.ts';
export * from './schema/files.ts';
export * from './schema/goods.ts';
export * from './schema/media.ts';
