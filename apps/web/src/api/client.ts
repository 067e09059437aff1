import {
  ACCEPTED_STATUS_MAX,
  ACCEPTED_STATUS_MIN,
  REQUEST_TIMEOUT_MS,
  type Envelope as SharedEnvelope,
} from '@app/shared';
import { adminLoginPath, loginPath, paths } from '../shared/paths.ts';
import { useAuthStore } from '../shared/auth/auth-store.ts';
import { useOperatorStore } from '../shared/auth/operator-store.ts';
import { feedback } from '../shared/feedback.ts';
import { currentLanguage, i18n } from '../shared/i18n/i18n.ts';
import { currentAppPath, navigateTo } from '../shared/navigation.ts';
import { ApiError } from './api-error.ts';

export const API_BASE = '/api';

type Scalar = string | number | boolean;
export type QueryParams = Record<string, Scalar | readonly Scalar[] | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: QueryParams;
  data?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** 'blob' resolves a successful non-JSON answer (a file) as its bytes; failures stay envelopes. */
  responseType?: 'json' | 'blob';
  /**
   * Sent as `Idempotency-Key` on paying calls: keep one key per user intent (a retry of the
   * same click reuses it), so the server replays the first answer instead of paying twice.
   */
  idempotencyKey?: string;
  /** Whose session the call carries: the seller's (default) or the operator's in the admin console. */
  session?: Session;
}

/** The seller's back office and the operators' console keep separate sessions. */
export type Session = 'seller' | 'operator';

type Envelope = SharedEnvelope<unknown>;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0']);

/** Spec 7: protocol and host of the page, with local hosts reported as plain `localhost`. */
export function domainHeader(
  loc: Pick<Location, 'protocol' | 'host' | 'hostname'> = location,
): string {
  const local = LOCAL_HOSTS.has(loc.hostname) || loc.hostname.endsWith('.localhost');
  return `${loc.protocol}//${local ? 'localhost' : loc.host}`;
}

/** Login and captcha calls never carry the session: a stale token must not ride along with new credentials. */
export function isAuthFree(path: string): boolean {
  const last = path.split('?')[0]!.split('/').filter(Boolean).pop() ?? '';
  return last.startsWith('login') || last === 'captcha';
}

function isLogoutCall(path: string): boolean {
  return /(^|\/)logout$/.test(path.split('?')[0]!);
}

/** Calls to the goods library collection answer with their whole body (spec 7). */
function wantsWholeBody(path: string): boolean {
  return path.includes('goods-library/coll');
}

export function buildUrl(path: string, params?: QueryParams): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const values: readonly Scalar[] = Array.isArray(value) ? value : [value as Scalar];
    for (const v of values) query.append(key, String(v));
  }
  const qs = query.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number'
  );
}

function handledError(code: number, status: number, message: string): ApiError {
  return new ApiError({ code, status, message, handled: true });
}

function expireSession(path: string, session: Session): ApiError {
  const message = i18n.t('request.expired');
  if (isLogoutCall(path)) {
    // The logout call itself only removes the user locally; the caller finishes the job.
    return handledError(401, 401, message);
  }
  // Parallel calls can all come back 401; only the first one clears, warns and redirects.
  if (tokenOf(session).token === null) return handledError(401, 401, message);
  const from = currentAppPath();
  if (session === 'operator') {
    useOperatorStore.getState().clear();
    feedback.warning(message);
    navigateTo(adminLoginPath(from), { replace: true });
    return handledError(401, 401, message);
  }
  useAuthStore.getState().clearSession();
  feedback.warning(message);
  navigateTo(loginPath(from.startsWith(paths.login) ? null : from), { replace: true });
  return handledError(401, 401, message);
}

function tokenOf(session: Session): { token: string | null; expiry: number | null } {
  return session === 'operator' ? useOperatorStore.getState() : useAuthStore.getState();
}

/** Headers every call sends: the reader's language, the page's domain and the session. */
function requestHeaders(path: string, session: Session): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // The server renders its messages in this language (spec: user setting, else this header).
    'Accept-Language': currentLanguage(),
    'x-domain': domainHeader(),
  };
  const { token, expiry } = tokenOf(session);
  if (token && !isAuthFree(path)) {
    headers.Authorization = `Bearer ${token}`;
    if (expiry !== null) headers['x-token-expire'] = String(expiry);
  }
  return headers;
}

/**
 * Reads an answer the same way for every transport: resolves the envelope's `data`; rejects
 * with an ApiError whose `handled` flag says whether the user has already been told (401, 403,
 * 404, 500) or the screen should show the message.
 */
function settle<T>(path: string, status: number, body: unknown, session: Session): T {
  if (status < ACCEPTED_STATUS_MIN || status > ACCEPTED_STATUS_MAX) {
    if (status === 503) {
      navigateTo(paths.unavailable);
      throw handledError(503, status, i18n.t('request.unavailable'));
    }
    throw new ApiError({ code: status, status, message: i18n.t('request.unavailable') });
  }

  if (isEnvelope(body) && body.code === 401) throw expireSession(path, session);
  if (status === 403) {
    navigateTo(paths.forbidden);
    throw handledError(403, status, isEnvelope(body) ? body.message : 'Forbidden');
  }
  if (status === 404) {
    throw handledError(404, status, isEnvelope(body) ? body.message : 'Not found');
  }
  if (status === 500) {
    navigateTo(paths.serverError);
    throw new ApiError({
      code: 500,
      status,
      message: isEnvelope(body) ? body.message : 'Internal server error',
      data: isEnvelope(body) ? body.data : null,
      handled: true,
    });
  }
  if (!isEnvelope(body)) {
    throw new ApiError({ code: -1, status, message: i18n.t('request.badResponse') });
  }
  if (body.code === 0) return (wantsWholeBody(path) ? body : body.data) as T;
  throw new ApiError({
    code: body.code,
    status,
    message: body.message,
    data: body.data,
    key: body.key ?? null,
  });
}

/** The one request client (spec 7 "Request conventions", spec 8 error catalogue). */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', params, data, signal, session = 'seller' } = options;
  const headers = requestHeaders(path, session);
  const hasBody = data !== undefined && method !== 'GET';
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', abortFromCaller, { once: true });

  let response: Response;
  let body: unknown;
  try {
    response = await fetch(buildUrl(path, params), {
      method,
      headers,
      body: hasBody ? JSON.stringify(data) : undefined,
      credentials: 'include',
      signal: controller.signal,
    });
    const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
    if (options.responseType === 'blob' && response.status === 200 && !isJson) {
      return (await response.blob()) as T;
    }
    body = await response.json().catch(() => undefined);
  } catch (error) {
    if (signal?.aborted && !timedOut) throw error;
    const message = i18n.t(timedOut ? 'request.timeout' : 'request.network');
    throw new ApiError({ code: -1, status: 0, message });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }
  return settle<T>(path, response.status, body, session);
}

export interface UploadOptions {
  /** Whole percent of the body sent so far. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  session?: Session;
}

/**
 * A multipart POST through XMLHttpRequest, the only transport that reports upload progress;
 * headers and the answer are handled as for every other call, so a 401 ends the session here
 * too. No timeout: a large file on a slow line may take longer than any other call.
 */
export function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal, session = 'seller' } = options;
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(requestHeaders(path, session))) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () =>
      reject(new ApiError({ code: -1, status: 0, message: i18n.t('request.network') }));
    // As with fetch, an abort by the caller rejects with the signal's reason.
    xhr.onabort = () => reject(signal?.reason);
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  }).then(({ status, body }) => settle<T>(path, status, body, session));
}

export const api = {
  get: <T>(
    path: string,
    params?: QueryParams,
    options?: Omit<RequestOptions, 'method' | 'params'>,
  ) => request<T>(path, { ...options, method: 'GET', params }),
  post: <T>(path: string, data?: unknown, options?: Omit<RequestOptions, 'method' | 'data'>) =>
    request<T>(path, { ...options, method: 'POST', data }),
  /** A file download that needs the session (the bearer header), so not a plain link. */
  getBlob: (
    path: string,
    params?: QueryParams,
    options?: Omit<RequestOptions, 'method' | 'params' | 'responseType'>,
  ) => request<Blob>(path, { ...options, method: 'GET', params, responseType: 'blob' }),
  /** A file upload with progress (multipart POST): see `upload`. */
  upload: <T>(path: string, form: FormData, options?: UploadOptions) =>
    upload<T>(path, form, options),
};
