// Menus' public face: the permissions of an actor, for access checks outside this module.
export { loadPerms } from './perms.ts';
