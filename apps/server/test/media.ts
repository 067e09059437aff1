import { unzipSync } from 'fflate';
import sharp from 'sharp';
import type { App } from '../src/http/deps.ts';

/** A one-colour image; `alpha` makes it half transparent. */
export function solid(width: number, height: number, opts: { alpha?: boolean } = {}) {
  return sharp({
    create: {
      width,
      height,
      channels: opts.alpha ? 4 : 3,
      background: { r: 200, g: 40, b: 90, alpha: opts.alpha ? 0.5 : 1 },
    },
  });
}

/** A multipart body with text `fields` first, then `file`, as browsers and antd Upload send it. */
export async function multipartBody(
  bytes: Buffer,
  filename: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}

export async function uploadTo(
  app: App,
  url: string,
  token: string | undefined,
  bytes: Buffer,
  filename: string,
  fields: Record<string, string> = {},
  extraHeaders: Record<string, string> = {},
) {
  const { payload, headers } = await multipartBody(bytes, filename, fields);
  const res = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      ...headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...extraHeaders,
    },
  });
  return { status: res.statusCode, body: res.json() };
}

/** The entries of a zip answer, by name. */
export function unzip(bytes: Buffer): Record<string, Buffer> {
  return Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(bytes))).map(([name, data]) => [
      name,
      Buffer.from(data),
    ]),
  );
}
