import type { ReactNode } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';

let bound: MessageInstance | null = null;
let loading: Promise<MessageInstance> | null = null;

/** Tests (and anything else that owns a message API) can hand one in; it wins over the global one. */
export function bindFeedback(api: MessageInstance | null): void {
  bound = api;
}

/**
 * antd's message module loads on the first notice rather than with the page: messages only
 * follow user actions, and the login page's first paint should not pay for them.
 */
function messageApi(): Promise<MessageInstance> {
  if (bound) return Promise.resolve(bound);
  // The theme module first: its `ConfigProvider.config` must run before antd makes the messages'
  // holder. /login shows "Logged in" before the console loads that module, and a holder made
  // before it showed no message again once the console had loaded it.
  loading ??= import('./ui/antd-theme.tsx')
    .then(() => import('antd/es/message'))
    .then((module) => module.default);
  return loading;
}

function show(
  kind: 'success' | 'error' | 'warning' | 'info',
  text: ReactNode,
  seconds?: number,
): void {
  void messageApi().then((api) => api[kind](text, seconds));
}

export const feedback = {
  /** A success may carry a next step (a link to where the result is). */
  success: (text: ReactNode) => show('success', text),
  error: (text: string) => show('error', text),
  warning: (text: string, seconds?: number) => show('warning', text, seconds),
  info: (text: string) => show('info', text),
};
