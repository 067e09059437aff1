import type { Config } from '../config.ts';
import { directUploadOrigin } from '../integrations/object-storage.ts';

function originsOf(list: string): string[] {
  return list
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => new URL(o).origin);
}

/**
 * The Content-Security-Policy directives, listing only the origins the web app loads from:
 * images come from this server (`/api/files`, the built assets), `data:`/`blob:` (captcha,
 * previews) and the object storage's public URL when files are linked there; frames only from
 * this server and the origins a menu entry embeds (FRAME_ORIGINS). Alipay's cashier is a
 * top-level navigation, so it needs no entry here.
 */
export function contentSecurityDirectives(config: Config): Record<string, string[] | null> {
  const uploadOrigin = directUploadOrigin(config);
  const filesOrigin = config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // antd writes its CSS-in-JS into <style> tags at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...filesOrigin],
    fontSrc: ["'self'", 'data:'],
    // Direct uploads (get-oss-sts) PUT to the bucket itself.
    connectSrc: uploadOrigin ? ["'self'", uploadOrigin] : ["'self'"],
    frameSrc: ["'self'", ...originsOf(config.FRAME_ORIGINS)],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  };
}
