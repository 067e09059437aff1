export * from './envelope.ts';
export * from './perms.ts';
export * from './constants.ts';
export * from './format.ts';
export * from './schemas/common.ts';
export * from './schemas/auth.ts';
export * from './schemas/menu.ts';
export * from './menu-tree.ts';
