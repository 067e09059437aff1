import { useState } from 'react';

/**
 * Rows ticked for a batch action. Only ticks on the rows now shown count, so a batch never
 * touches products the seller can no longer see after paging or filtering.
 */
export function useSelection(visible: readonly number[]) {
  const [ticked, setTicked] = useState<number[]>([]);
  const selected = ticked.filter((id) => visible.includes(id));
  return { selected, setSelected: setTicked, clear: () => setTicked([]) };
}
