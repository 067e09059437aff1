export const LISTINGS_PATH = '/goods/collectyun';
export const EDITOR_PATH = '/goods/collectyunEdit';
/** Multi-station copy of one listing (`?id=`), a hidden menu page like the editor. */
export const MULTISTATION_PATH = '/goods/multistation';

/** The editor for one listing, or for several in turn (`?ids=`). */
export function editorPath(ids: readonly number[]): string {
  return ids.length === 1 ? `${EDITOR_PATH}?id=${ids[0]}` : `${EDITOR_PATH}?ids=${ids.join(',')}`;
}
