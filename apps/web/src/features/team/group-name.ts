import type { TFunction } from 'i18next';
import type { Group } from '@app/shared';

/** A built-in group's name is translated from its key; the seller's own keep theirs. */
export function groupName(t: TFunction, group: Pick<Group, 'key' | 'name'>): string {
  return group.key ? t(`team.builtInGroups.${group.key}`) : group.name;
}
