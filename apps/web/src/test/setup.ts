import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// antd reads these browser APIs, which jsdom does not implement.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

afterEach(async () => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // React's scheduler may still hold a task queued before the unmount; letting it run while jsdom
  // exists keeps it from throwing "window is not defined" after the file's environment is gone.
  await new Promise((resolve) => setTimeout(resolve, 20));
});
