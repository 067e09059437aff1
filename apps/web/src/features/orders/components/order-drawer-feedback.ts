import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';

/** Runs an order action from the drawer: the success text when it works, the error when not. */
export async function runWithFeedback(work: () => Promise<unknown>, success: string) {
  try {
    await work();
    feedback.success(success);
  } catch (error) {
    reportError(error);
  }
}
