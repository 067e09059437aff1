/** A permission requirement: one string, or a combination with `or` / `and`. */
export type PermRequirement = string | { or: PermRequirement[] } | { and: PermRequirement[] };

/**
 * Spec 5: an empty requirement is denied; a string passes if any held permission
 * contains it once whitespace is removed; `or` needs one requirement, `and` all of them.
 */
export function checkPerm(
  held: readonly string[],
  required: PermRequirement | null | undefined,
): boolean {
  if (required === null || required === undefined) return false;
  if (typeof required === 'string') {
    const needle = required.replace(/\s+/g, '');
    if (needle === '') return false;
    return held.some((perm) => perm.replace(/\s+/g, '').includes(needle));
  }
  if ('or' in required) {
    return required.or.length > 0 && required.or.some((r) => checkPerm(held, r));
  }
  if ('and' in required) {
    return required.and.length > 0 && required.and.every((r) => checkPerm(held, r));
  }
  return false;
}

/** Spec 6: a permission is the namespace with slashes turned into colons, plus an action. */
export function permOf(namespace: string, action: string): string {
  return `${namespace.replace(/^\/+|\/+$/g, '').replace(/\//g, ':')}:${action}`;
}

/**
 * Tools every product and listing editor uses (image resizing, forbidden-word checks, code
 * generators, price previews): any editing permission of those pages grants them.
 */
export const EDITOR_PERM: PermRequirement = {
  or: [
    'goods:collect:update',
    'goods:collectyun:update',
    'goods:shopifyyun:update',
    'goods:temuyun:update',
    'goods:shopeeyun:update',
    'goods:materialMmt:update',
  ],
};
