import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_RELOAD_DELAY_MS } from '@app/shared';
import { feedback } from './feedback.ts';
import { i18n } from './i18n/i18n.ts';

const RELOAD_MARK = 'chunk-reload-at';
/** A second failure this soon after a reload is not a new release; show the error instead of looping. */
const RELOAD_LOOP_WINDOW_MS = 30_000;

export interface ChunkReloadEnv {
  now: () => number;
  reload: () => void;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
}

const browserEnv: ChunkReloadEnv = {
  now: () => Date.now(),
  reload: () => window.location.reload(),
  storage: sessionStorage,
};

/**
 * A page chunk failed to load, usually because a new release replaced the hashed files:
 * warn for 1.5 s (spec 2) and reload. Returns false when it already tried moments ago.
 */
export function scheduleChunkReload(env: ChunkReloadEnv = browserEnv): boolean {
  const last = Number(env.storage.getItem(RELOAD_MARK) ?? 0);
  if (env.now() - last < RELOAD_LOOP_WINDOW_MS) return false;
  env.storage.setItem(RELOAD_MARK, String(env.now()));
  feedback.warning(i18n.t('chunk.reload'), CHUNK_RELOAD_DELAY_MS / 1000);
  setTimeout(env.reload, CHUNK_RELOAD_DELAY_MS);
  return true;
}

/** Resolves a module's export, or hands a failed import to `scheduleChunkReload`. */
export async function loadChunk<M>(load: () => Promise<M>, env?: ChunkReloadEnv): Promise<M> {
  try {
    return await load();
  } catch (error) {
    // While the page reloads, stay suspended rather than flash an error screen.
    if (scheduleChunkReload(env)) return new Promise<M>(() => undefined);
    throw error;
  }
}

/** `React.lazy` for named exports, with the chunk-failure handling every page needs. */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K] extends ComponentType<infer P> ? ComponentType<P> : never> {
  return lazy(async () => {
    const module = await loadChunk(load);
    return { default: module[name] as never };
  });
}
