import { beforeEach, describe, expect, it } from 'vitest';
import { DESIGN_LAYERS_MAX, type DesignLayer, type ImageLayer, type TextLayer } from '@app/shared';
import { DUPLICATE_OFFSET_MM, HISTORY_LIMIT, useDesignStore } from './document-store.ts';

const store = () => useDesignStore.getState();

const image = (id: string, over: Partial<ImageLayer> = {}): ImageLayer => ({
  id,
  side: 'front',
  kind: 'image',
  url: `/api/files/${id}.png`,
  naturalWidth: 1000,
  naturalHeight: 1000,
  x: 10,
  y: 20,
  width: 100,
  height: 100,
  rotation: 0,
  opacity: 1,
  locked: false,
  ...over,
});

const text = (id: string, over: Partial<TextLayer> = {}): TextLayer => ({
  id,
  side: 'front',
  kind: 'text',
  text: 'Hello',
  fontFamily: 'DejaVu Sans',
  fontSize: 20,
  fill: '#000000',
  fontWeight: 'normal',
  align: 'center',
  curve: 0,
  x: 0,
  y: 0,
  width: 60,
  height: 24,
  rotation: 0,
  opacity: 1,
  locked: false,
  ...over,
});

const ids = () => store().layers.map((layer) => layer.id);

beforeEach(() => {
  store().load({ product: 1, design: null, layers: [], side: 'front', colour: 'White' });
});

describe('undo and redo', () => {
  it('undoes and redoes each change in order', () => {
    store().add(image('a'));
    store().update('a', { x: 50 });
    store().add(text('b'));
    expect(ids()).toEqual(['a', 'b']);

    store().undo();
    expect(ids()).toEqual(['a']);
    store().undo();
    expect(store().layers[0]!.x).toBe(10);
    store().redo();
    store().redo();
    expect(ids()).toEqual(['a', 'b']);
    expect(store().layers[0]!.x).toBe(50);
  });

  it(`keeps the last ${HISTORY_LIMIT} steps (at least the 50 the issue asks for)`, () => {
    store().add(image('a'));
    const moves = HISTORY_LIMIT + 20;
    for (let i = 1; i <= moves; i += 1) store().update('a', { x: i });
    for (let i = 0; i < moves + 5; i += 1) store().undo();
    expect(HISTORY_LIMIT).toBeGreaterThanOrEqual(50);
    // The oldest 21 steps (the add and the first 20 moves) fell off the end of the history.
    expect(store().layers).toHaveLength(1);
    expect(store().layers[0]!.x).toBe(moves - HISTORY_LIMIT);
    expect(store().past).toHaveLength(0);
    for (let i = 0; i < HISTORY_LIMIT; i += 1) store().redo();
    expect(store().layers[0]!.x).toBe(moves);
  });

  it('drops the redo steps once a new change is made', () => {
    store().add(image('a'));
    store().update('a', { x: 30 });
    store().undo();
    store().update('a', { y: 99 });
    store().redo();
    expect(store().layers[0]).toMatchObject({ x: 10, y: 99 });
  });

  it('folds a run of edits with the same key into one step, and ignores edits that change nothing', () => {
    store().add(text('t'));
    store().update('t', { opacity: 0.9 }, 't:opacity');
    store().update('t', { opacity: 0.8 }, 't:opacity');
    store().update('t', { opacity: 0.7 }, 't:opacity');
    store().update('t', { opacity: 0.7 });
    expect(store().past).toHaveLength(2);
    store().undo();
    expect(store().layers[0]!.opacity).toBe(1);
  });
});

describe('layer commands', () => {
  it('duplicates a layer beside the original, offset, selected and unlocked', () => {
    store().add(image('a', { locked: true }));
    store().add(image('b'));
    store().duplicate('a');
    const [first, copy, last] = store().layers as [DesignLayer, DesignLayer, DesignLayer];
    expect(first.id).toBe('a');
    expect(last.id).toBe('b');
    expect(copy.id).not.toBe('a');
    expect(copy).toMatchObject({
      kind: 'image',
      x: 10 + DUPLICATE_OFFSET_MM,
      y: 20 + DUPLICATE_OFFSET_MM,
      locked: false,
    });
    expect(store().selectedId).toBe(copy.id);
    store().undo();
    expect(ids()).toEqual(['a', 'b']);
  });

  it('nudges by millimetres, but never a locked layer', () => {
    store().add(image('a'));
    store().nudge('a', 1, 0);
    store().nudge('a', 0, -10);
    expect(store().layers[0]).toMatchObject({ x: 11, y: 10 });
    store().toggleLock('a');
    store().nudge('a', 5, 5);
    expect(store().layers[0]).toMatchObject({ x: 11, y: 10, locked: true });
  });

  it('makes one undo step of a held-down arrow key', () => {
    store().add(image('a'));
    for (let i = 0; i < 5; i += 1) store().nudge('a', 1, 0, 'nudge-1');
    store().nudge('a', 0, 1, 'nudge-2');
    store().undo();
    expect(store().layers[0]).toMatchObject({ x: 15, y: 20 });
    store().undo();
    expect(store().layers[0]).toMatchObject({ x: 10, y: 20 });
  });

  it('restacks among the layers of the same side', () => {
    store().add(image('a'));
    store().add(image('back', { side: 'back' }));
    store().add(image('b'));
    store().restack('a', 'forward');
    // `back` is on another side and is stepped over.
    expect(ids()).toEqual(['b', 'back', 'a']);
    store().restack('a', 'forward');
    expect(ids()).toEqual(['b', 'back', 'a']);
    store().restack('a', 'backward');
    expect(ids()).toEqual(['a', 'back', 'b']);
  });

  it(`refuses a layer past ${DESIGN_LAYERS_MAX}`, () => {
    for (let i = 0; i < DESIGN_LAYERS_MAX; i += 1) expect(store().add(image(`l${i}`))).toBe(true);
    expect(store().add(image('one-too-many'))).toBe(false);
    store().duplicate('l0');
    expect(store().layers).toHaveLength(DESIGN_LAYERS_MAX);
  });

  it('removes a layer and clears its selection', () => {
    store().add(image('a'));
    expect(store().selectedId).toBe('a');
    store().remove('a');
    expect(store().layers).toEqual([]);
    expect(store().selectedId).toBeNull();
  });
});

describe('sides and colours', () => {
  it('keeps every side’s layers when switching side or colour, and only the selection goes', () => {
    store().add(image('f'));
    store().setSide('back');
    expect(store().selectedId).toBeNull();
    store().add(text('b', { side: 'back' }));
    store().setColour('Black');
    store().setSide('front');
    expect(store().layers.map((layer) => [layer.id, layer.side])).toEqual([
      ['f', 'front'],
      ['b', 'back'],
    ]);
    expect(store()).toMatchObject({ side: 'front', colour: 'Black' });
    // Switching is a view change, not an edit to undo.
    expect(store().past).toHaveLength(2);
  });
});

describe('uploading local artwork', () => {
  it('points layers and their history at the stored URL', () => {
    const local = 'data:image/png;base64,AAAA';
    store().add(image('a', { url: local }));
    store().update('a', { x: 40 });
    store().replaceUrls(new Map([[local, '/api/files/stored.png']]));
    expect(store().layers[0]).toMatchObject({ url: '/api/files/stored.png', x: 40 });
    store().undo();
    expect(store().layers[0]).toMatchObject({ url: '/api/files/stored.png', x: 10 });
  });
});
