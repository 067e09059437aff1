import type { AuditEntry } from '@app/shared';
import { teamZhCN } from './i18n-zh-cn.ts';

type Change = AuditEntry['changes'][string];

/**
 * The recorded fields a user recognises: those the catalogue names. The server records whole
 * rows (ids, search text, internal flags); those stay out of the History and the audit log.
 */
const KNOWN = new Set(Object.keys(teamZhCN.audit.fields));

export const isKnownField = (field: string): boolean => KNOWN.has(field);

/** An entry's recognised changes, in the order recorded. */
export function knownChanges(entry: AuditEntry): Array<[string, Change]> {
  return Object.entries(entry.changes).filter(([field]) => isKnownField(field));
}
