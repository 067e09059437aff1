import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageInstance } from 'antd/es/message/interface';
import { CHUNK_RELOAD_DELAY_MS } from '@app/shared';
import { bindFeedback } from './feedback.ts';
import { setLanguage } from './i18n/i18n.ts';
import { loadChunk, type ChunkReloadEnv } from './lazy-page.ts';

const warning = vi.fn();

function makeEnv(now = 1_000_000) {
  const store = new Map<string, string>();
  return {
    now: () => now,
    reload: vi.fn<() => void>(),
    storage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    },
  } satisfies ChunkReloadEnv;
}

beforeAll(async () => {
  await setLanguage('en');
});

beforeEach(() => {
  vi.useFakeTimers();
  warning.mockReset();
  bindFeedback({ warning } as unknown as MessageInstance);
});

afterEach(() => {
  vi.useRealTimers();
  bindFeedback(null);
});

describe('chunk-load failure (spec 2, spec 8)', () => {
  it('returns the module when the import works', async () => {
    const env = makeEnv();
    await expect(loadChunk(async () => ({ Page: 'ok' }), env)).resolves.toEqual({ Page: 'ok' });
    expect(warning).not.toHaveBeenCalled();
  });

  it('warns with the upgrade message for 1.5 s, then reloads', async () => {
    const env = makeEnv();
    void loadChunk(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      env,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(warning).toHaveBeenCalledWith(
      'the system has been upgraded, refreshing local storage, please wait...',
      CHUNK_RELOAD_DELAY_MS / 1000,
    );
    await vi.advanceTimersByTimeAsync(CHUNK_RELOAD_DELAY_MS - 1);
    expect(env.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('shows the Chinese message in zh-CN', async () => {
    await setLanguage('zh-CN');
    void loadChunk(() => Promise.reject(new Error('chunk')), makeEnv());
    await vi.advanceTimersByTimeAsync(0);
    expect(warning).toHaveBeenCalledWith('系统已升级，正在刷新本地存储，请稍候...', 1.5);
    await setLanguage('en');
  });

  it('rethrows instead of reloading again right after a reload', async () => {
    const env = makeEnv();
    void loadChunk(() => Promise.reject(new Error('first')), env);
    await vi.advanceTimersByTimeAsync(CHUNK_RELOAD_DELAY_MS);
    await expect(loadChunk(() => Promise.reject(new Error('second')), env)).rejects.toThrow(
      'second',
    );
    expect(env.reload).toHaveBeenCalledTimes(1);
  });
});
