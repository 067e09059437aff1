import { cleanup } from '@testing-library/react';
import { Modal, notification } from 'antd';
// The same module the feedback helper loads, so this destroys the messages it showed.
import message from 'antd/es/message';
import { afterEach } from 'vitest';
import { keepOnlyVisibilityStyles } from './lean-styles.ts';

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

keepOnlyVisibilityStyles();

afterEach(async () => {
  cleanup();
  // Global messages and confirm dialogs render in React roots of their own, outside the tested
  // tree; a message closing after the file ends would commit with jsdom already gone.
  // Only when one was shown: destroying with none open makes antd render its holder first, and
  // that render could itself outlive the file.
  if (document.querySelector('.ant-message')) message.destroy();
  if (document.querySelector('.ant-notification')) notification.destroy();
  Modal.destroyAll();
  localStorage.clear();
  sessionStorage.clear();
  // Let React run what those unmounts scheduled while `window` still exists.
  await new Promise((resolve) => setTimeout(resolve, 50));
});
