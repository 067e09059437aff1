import { create } from 'zustand';
import { DESIGN_LAYERS_MAX, type DesignLayer } from '@app/shared';

/** Undo steps kept; the issue asks for at least 50. */
export const HISTORY_LIMIT = 100;
/** How far Ctrl+D puts the copy from its original, in millimetres. */
export const DUPLICATE_OFFSET_MM = 5;

type Fixed = 'id' | 'kind' | 'side';
/** Fields a layer of either kind may change (a text patch may carry font fields). */
export type LayerPatch = Partial<
  DesignLayer extends infer L ? (L extends DesignLayer ? Omit<L, Fixed> : never) : never
>;
export type StackMove = 'forward' | 'backward';

export interface DesignDocument {
  /** The parent product designed on. */
  product: number | null;
  /** The finished product the design was saved as; null until the first save. */
  design: number | null;
  layers: DesignLayer[];
  side: string;
  colour: string;
}

interface DocumentState extends DesignDocument {
  selectedId: string | null;
  /** Earlier layer lists, oldest first. */
  past: DesignLayer[][];
  future: DesignLayer[][];
  /** Edits with the same key one after another (typing, a slider) make one undo step. */
  mergeKey: string | null;
  /** Starts a document afresh: no history, nothing selected. */
  load: (document: DesignDocument) => void;
  /** False when the document already holds DESIGN_LAYERS_MAX layers. */
  add: (layer: DesignLayer) => boolean;
  update: (id: string, patch: LayerPatch, mergeKey?: string) => void;
  remove: (id: string) => void;
  duplicate: (id: string) => void;
  /** One step up or down among the layers of the same side. */
  restack: (id: string, move: StackMove) => void;
  /** Moves an unlocked layer by millimetres. */
  nudge: (id: string, dx: number, dy: number, mergeKey?: string) => void;
  toggleLock: (id: string) => void;
  /** Points image layers at new URLs everywhere, history included (local artwork once uploaded). */
  replaceUrls: (urls: ReadonlyMap<string, string>) => void;
  /** Records the finished product the first save made, so later saves update it. */
  setDesign: (design: number) => void;
  select: (id: string | null) => void;
  setSide: (side: string) => void;
  setColour: (colour: string) => void;
  undo: () => void;
  redo: () => void;
}

export function newLayerId(): string {
  return crypto.randomUUID();
}

const empty: DesignDocument = { product: null, design: null, layers: [], side: '', colour: '' };

export const useDesignStore = create<DocumentState>()((set, get) => {
  /** Applies a change to the layers as one undo step (or folds it into the last one). */
  const commit = (next: DesignLayer[], mergeKey: string | null = null) => {
    const { layers, past, mergeKey: lastKey } = get();
    if (next === layers) return;
    const merging = mergeKey !== null && mergeKey === lastKey;
    set({
      layers: next,
      past: merging ? past : [...past, layers].slice(-HISTORY_LIMIT),
      future: [],
      mergeKey,
    });
  };

  const edit = (id: string, change: (layer: DesignLayer) => DesignLayer, mergeKey?: string) => {
    const { layers } = get();
    let changed = false;
    const next = layers.map((layer) => {
      if (layer.id !== id) return layer;
      const updated = change(layer);
      changed = updated !== layer;
      return updated;
    });
    if (changed) commit(next, mergeKey);
  };

  return {
    ...empty,
    selectedId: null,
    past: [],
    future: [],
    mergeKey: null,

    load: (document) =>
      set({ ...document, selectedId: null, past: [], future: [], mergeKey: null }),

    add: (layer) => {
      const { layers } = get();
      if (layers.length >= DESIGN_LAYERS_MAX) return false;
      commit([...layers, layer]);
      set({ selectedId: layer.id });
      return true;
    },

    update: (id, patch, mergeKey) =>
      edit(
        id,
        (layer) => {
          const same = Object.entries(patch).every(
            ([key, value]) => layer[key as keyof DesignLayer] === value,
          );
          return same ? layer : ({ ...layer, ...patch } as DesignLayer);
        },
        mergeKey,
      ),

    remove: (id) => {
      const { layers, selectedId } = get();
      if (!layers.some((layer) => layer.id === id)) return;
      commit(layers.filter((layer) => layer.id !== id));
      if (selectedId === id) set({ selectedId: null });
    },

    duplicate: (id) => {
      const { layers } = get();
      const index = layers.findIndex((layer) => layer.id === id);
      const original = layers[index];
      if (!original || layers.length >= DESIGN_LAYERS_MAX) return;
      const copy: DesignLayer = {
        ...original,
        id: newLayerId(),
        x: original.x + DUPLICATE_OFFSET_MM,
        y: original.y + DUPLICATE_OFFSET_MM,
        locked: false,
      };
      commit([...layers.slice(0, index + 1), copy, ...layers.slice(index + 1)]);
      set({ selectedId: copy.id });
    },

    restack: (id, move) => {
      const { layers } = get();
      const index = layers.findIndex((layer) => layer.id === id);
      const layer = layers[index];
      if (!layer) return;
      // Layers of other sides do not overlap this one, so they are stepped over.
      const step = move === 'forward' ? 1 : -1;
      let other = index + step;
      while (layers[other] && layers[other]!.side !== layer.side) other += step;
      if (!layers[other]) return;
      const next = [...layers];
      next[index] = layers[other]!;
      next[other] = layer;
      commit(next);
    },

    nudge: (id, dx, dy, mergeKey) =>
      edit(
        id,
        (layer) => (layer.locked ? layer : { ...layer, x: layer.x + dx, y: layer.y + dy }),
        mergeKey,
      ),

    toggleLock: (id) => edit(id, (layer) => ({ ...layer, locked: !layer.locked })),

    replaceUrls: (urls) => {
      const swap = (layers: DesignLayer[]) =>
        layers.map((layer) =>
          layer.kind === 'image' && urls.has(layer.url)
            ? { ...layer, url: urls.get(layer.url)! }
            : layer,
        );
      const { layers, past, future } = get();
      set({ layers: swap(layers), past: past.map(swap), future: future.map(swap) });
    },

    setDesign: (design) => set({ design }),
    select: (id) => set({ selectedId: id }),

    // The layers stay: each belongs to its own side, and the colour changes only the blank.
    setSide: (side) => set({ side, selectedId: null }),
    setColour: (colour) => set({ colour }),

    undo: () => {
      const { past, future, layers, selectedId } = get();
      const previous = past.at(-1);
      if (!previous) return;
      set({
        layers: previous,
        past: past.slice(0, -1),
        future: [layers, ...future],
        mergeKey: null,
        selectedId: previous.some((layer) => layer.id === selectedId) ? selectedId : null,
      });
    },

    redo: () => {
      const { past, future, layers, selectedId } = get();
      const next = future[0];
      if (!next) return;
      set({
        layers: next,
        past: [...past, layers].slice(-HISTORY_LIMIT),
        future: future.slice(1),
        mergeKey: null,
        selectedId: next.some((layer) => layer.id === selectedId) ? selectedId : null,
      });
    },
  };
});

/** The document as it stands, for keeping over a trip to /login. */
export function currentDocument(product: number): DesignDocument & { product: number } {
  const { design, layers, side, colour } = useDesignStore.getState();
  return { product, design, layers, side, colour };
}
