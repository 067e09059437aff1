import { Modal } from 'antd';
import { isApiError } from '../../api/api-error.ts';
import { feedback } from '../../shared/feedback.ts';

/**
 * Asks before a destructive call and reports how it went; a refusal (a 409 such as a group
 * still in use) shows the server's message.
 */
export function confirmThen(options: {
  title: string;
  okText: string;
  cancelText: string;
  danger?: boolean;
  run: () => Promise<unknown>;
  done: string;
}): void {
  Modal.confirm({
    title: options.title,
    okText: options.okText,
    cancelText: options.cancelText,
    okButtonProps: { danger: options.danger ?? true },
    onOk: async () => {
      try {
        await options.run();
        feedback.success(options.done);
      } catch (error) {
        if (isApiError(error) && !error.handled) feedback.error(error.message);
      }
    },
  });
}
