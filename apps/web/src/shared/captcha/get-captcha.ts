import { useCallback, useEffect, useState } from 'react';
import { CAPTCHA_TTL_SECONDS, type CaptchaResult } from '@app/shared';
import { api } from '../../api/client.ts';
import { reportError } from '../../api/form-errors.ts';

/** POST /api/common/captcha: a fresh image and the key the answer is checked against. */
export function getCaptcha(): Promise<CaptchaResult> {
  return api.post<CaptchaResult>('/common/captcha');
}

/** Refresh a little before the server expires the captcha, so a slow typist is not rejected. */
const REFRESH_MS = (CAPTCHA_TTL_SECONDS - 20) * 1000;

export interface CaptchaState {
  data: CaptchaResult | undefined;
  isError: boolean;
  refetch: () => void;
}

/** One captcha per form; each answer is single-use, so forms call `refetch` after submitting. */
export function useCaptcha(): CaptchaState {
  const [data, setData] = useState<CaptchaResult>();
  const [isError, setError] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    getCaptcha().then(
      (captcha) => {
        if (!live) return;
        setData(captcha);
        setError(false);
      },
      (error: unknown) => {
        if (!live) return;
        setError(true);
        reportError(error);
      },
    );
    const timer = setTimeout(() => setRound((n) => n + 1), REFRESH_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [round]);

  const refetch = useCallback(() => setRound((n) => n + 1), []);
  return { data, isError, refetch };
}
