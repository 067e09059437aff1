import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { contentSecurityDirectives } from './content-security.ts';

describe('content security policy', () => {
  it('lets images and frames come only from this server by default', () => {
    const csp = contentSecurityDirectives(loadConfig({}));
    expect(csp.imgSrc).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.frameSrc).toEqual(["'self'"]);
  });

  it('adds the public file origin and the configured frame origins, nothing wider', () => {
    const csp = contentSecurityDirectives(
      loadConfig({
        S3_BUCKET: 'b',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_PUBLIC_URL: 'https://cdn.example.com/files/',
        FRAME_ORIGINS: 'https://help.example.com/start, https://docs.example.org',
      }),
    );
    expect(csp.imgSrc).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com']);
    expect(csp.frameSrc).toEqual([
      "'self'",
      'https://help.example.com',
      'https://docs.example.org',
    ]);
    expect(() => loadConfig({ FRAME_ORIGINS: 'not a url' })).toThrow(/FRAME_ORIGINS/);
  });
});
