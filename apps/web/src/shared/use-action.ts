import { useCallback, useState } from 'react';

/**
 * A call the user triggers (log in, send a code) with its pending flag. The signed-out pages
 * use this instead of TanStack Query so the login page does not download the query cache.
 */
export function useAction<I, O>(
  action: (input: I) => Promise<O>,
): { run: (input: I) => Promise<O>; pending: boolean } {
  const [pending, setPending] = useState(false);
  const run = useCallback(
    async (input: I) => {
      setPending(true);
      try {
        return await action(input);
      } finally {
        setPending(false);
      }
    },
    [action],
  );
  return { run, pending };
}
