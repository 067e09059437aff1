// Menus' public face: the permissions of an actor, for access checks outside this module, and
// the seller tree the group editor and the built-in groups pick permissions from.
export {
  listScope,
  loadPerms,
  permissionTree,
  permsFromRows,
  scopeTree,
  SUPER_ROLE_KEY,
  userPerms,
} from './perms.ts';
