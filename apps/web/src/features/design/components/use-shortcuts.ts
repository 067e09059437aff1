import { useEffect } from 'react';
import { useDesignStore } from '../document-store.ts';

/** Arrow keys move this far; with Shift ten times as far (millimetres). */
export const NUDGE_MM = 1;
const NUDGE_SHIFT_MM = 10;

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Keys typed into a field belong to the field, not to the canvas. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.getAttribute('role') === 'slider'
  );
}

/**
 * The editor's keyboard: Delete, arrows (Shift = 10 mm), Ctrl/⌘+Z undo, Ctrl+Y or Ctrl+Shift+Z
 * redo, Ctrl+D duplicate. Active while the editor is mounted and no dialog is open.
 */
export function useShortcuts(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    let presses = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      const store = useDesignStore.getState();
      const command = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (command && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) store.redo();
        else store.undo();
        return;
      }
      if (command && key === 'y') {
        event.preventDefault();
        store.redo();
        return;
      }
      const selected = store.layers.find((layer) => layer.id === store.selectedId);
      if (!selected) return;
      if (command && key === 'd') {
        event.preventDefault();
        store.duplicate(selected.id);
        return;
      }
      if ((event.key === 'Delete' || event.key === 'Backspace') && !selected.locked) {
        event.preventDefault();
        store.remove(selected.id);
        return;
      }
      const arrow = ARROWS[event.key];
      if (arrow && !command) {
        event.preventDefault();
        const step = event.shiftKey ? NUDGE_SHIFT_MM : NUDGE_MM;
        // Holding an arrow down is one undo step, not one per repeat.
        if (!event.repeat) presses += 1;
        store.nudge(selected.id, arrow[0] * step, arrow[1] * step, `nudge-${presses}`);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
