import { useCallback, useEffect, useState } from 'react';

/** Seconds left before an action may repeat; `start` begins a new countdown. */
export function useCountdown(seconds: number, initial = 0): { left: number; start: () => void } {
  const [left, setLeft] = useState(initial);

  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const start = useCallback(() => setLeft(seconds), [seconds]);
  return { left, start };
}
