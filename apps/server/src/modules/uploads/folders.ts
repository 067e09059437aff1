import { type MessageKey } from '../../i18n/messages.ts';
import { and, asc, eq } from 'drizzle-orm';
import type { MediaFolder, MediaFolderNode, MediaFolderTree } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { imageCategories, type materialDirs } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { findOwned, ownedBy, sellerIdOf } from '../../tenancy.ts';

/** Image categories and material folders share one shape (id, seller, pid, name) and rules. */
export type FolderTable = typeof imageCategories | typeof materialDirs;
type FolderRow = typeof imageCategories.$inferSelect;

export const folderNotFound = (table: FolderTable): MessageKey =>
  table === imageCategories ? 'uploads.category_not_found' : 'uploads.folder_not_found';

export const toFolder = (row: FolderRow): MediaFolder => ({
  id: row.id,
  name: row.name,
  pid: row.pid,
});

export async function loadFolders(ctx: Ctx, table: FolderTable): Promise<FolderRow[]> {
  return ctx.db
    .select()
    .from(table)
    .where(ownedBy(ctx, table.sellerId))
    .orderBy(asc(table.name), asc(table.id));
}

export async function folderTree(ctx: Ctx, table: FolderTable): Promise<MediaFolderTree> {
  const rows = await loadFolders(ctx, table);
  const nodes = new Map<number, MediaFolderNode>(
    rows.map((r) => [r.id, { ...toFolder(r), children: [] }]),
  );
  const roots: MediaFolderNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.pid === null ? undefined : nodes.get(node.pid);
    // A folder whose parent is gone is shown at the top rather than lost.
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** `rootId` and every folder below it. */
export function subtreeIds(rows: FolderRow[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const r of rows) {
    if (r.pid !== null) children.set(r.pid, [...(children.get(r.pid) ?? []), r.id]);
  }
  const found = new Set<number>();
  const stack = [rootId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...found];
}

/** A folder id from input: null is the top level; any other id must be the seller's (else 404). */
export async function requireFolder(
  ctx: Ctx,
  table: FolderTable,
  id: number | null | undefined,
): Promise<number | null> {
  if (id === null || id === undefined) return null;
  return (await findOwned(ctx, table, id, folderNotFound(table))).id;
}

export async function createFolder(
  ctx: Ctx,
  table: FolderTable,
  input: { name: string; pid?: number | null },
): Promise<MediaFolder> {
  const pid = await requireFolder(ctx, table, input.pid);
  const [row] = await ctx.db
    .insert(table)
    .values({ sellerId: sellerIdOf(ctx), name: input.name, pid })
    .returning();
  return toFolder(row!);
}

/**
 * Renames a folder and, when `pid` is given, moves it; never into itself or below itself. The
 * seller's folders are locked while checking, so two crossing moves cannot make a cycle.
 */
export async function updateFolder(
  ctx: Ctx,
  table: FolderTable,
  input: { id: number; name: string; pid?: number | null },
): Promise<MediaFolder> {
  return withTransaction(ctx, async (tx) => {
    const rows = await tx.db.select().from(table).where(ownedBy(tx, table.sellerId)).for('update');
    const folder = rows.find((r) => r.id === input.id);
    if (!folder) throw new NotFoundError(folderNotFound(table));
    let pid = folder.pid;
    if (input.pid !== undefined) {
      pid = await requireFolder(tx, table, input.pid);
      if (pid !== null && subtreeIds(rows, folder.id).includes(pid)) {
        throw new ValidationError({
          pid: 'uploads.folder_into_itself',
        });
      }
    }
    const [row] = await tx.db
      .update(table)
      .set({ name: input.name, pid })
      .where(and(eq(table.id, folder.id), ownedBy(tx, table.sellerId)))
      .returning();
    return toFolder(row!);
  });
}
