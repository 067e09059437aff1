import { describe, expect, it } from 'vitest';
import { loadConfig, ownBaseUrl, seedsDemo } from './config.ts';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('loadConfig', () => {
  it('refuses to start in production without the store credentials key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/STORE_SECRET_KEY: required/);
    expect(loadConfig({ NODE_ENV: 'production', STORE_SECRET_KEY: KEY }).STORE_SECRET_KEY).toBe(
      KEY,
    );
    expect(() => loadConfig({ NODE_ENV: 'development' })).not.toThrow();
  });

  it('runs in production mode unless DEMO is set, and refuses DEMO in production', () => {
    expect(loadConfig({}).DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).DEMO).toBe(false);
    expect(loadConfig({ DEMO: '1' }).DEMO).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', STORE_SECRET_KEY: KEY, DEMO: '1' })).toThrow(
      /DEMO: must not be set in production/,
    );
  });

  it('hashes passwords at the ASVS cost unless a demo asks for less', () => {
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe(17);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '10' })).toThrow(
      /PASSWORD_HASH_COST: below 17 only with DEMO=1/,
    );
    expect(loadConfig({ DEMO: '1', PASSWORD_HASH_COST: '10' }).PASSWORD_HASH_COST).toBe(10);
    expect(() => loadConfig({ DEMO: '1', PASSWORD_HASH_COST: '4' })).toThrow(/PASSWORD_HASH_COST/);
  });

  it('scales the per-IP sign-in limits only in a demo', () => {
    expect(loadConfig({}).AUTH_IP_LIMIT_SCALE).toBe(1);
    expect(() => loadConfig({ AUTH_IP_LIMIT_SCALE: '10' })).toThrow(
      /AUTH_IP_LIMIT_SCALE: only with DEMO=1/,
    );
    expect(loadConfig({ DEMO: '1', AUTH_IP_LIMIT_SCALE: '10' }).AUTH_IP_LIMIT_SCALE).toBe(10);
  });

  it('seeds the demo on PGlite in a demo unless SEED_DEMO=0, on PostgreSQL only with SEED_DEMO=1', () => {
    const pg = { DATABASE_URL: 'postgres://localhost/db' };
    expect(seedsDemo(loadConfig({ DEMO: '1' }))).toBe(true);
    expect(seedsDemo(loadConfig({ DEMO: '1', SEED_DEMO: '0' }))).toBe(false);
    expect(seedsDemo(loadConfig({}))).toBe(false);
    expect(seedsDemo(loadConfig({ DEMO: '1', ...pg }))).toBe(false);
    expect(seedsDemo(loadConfig({ ...pg, SEED_DEMO: '1' }))).toBe(true);
  });

  it('asks for the rest of a marketplace credential set once any part is given', () => {
    expect(() => loadConfig({ SHOPIFY_API_KEY: 'k' })).toThrow(/SHOPIFY_API_SECRET: required/);
    expect(() => loadConfig({ AMAZON_LWA_CLIENT_ID: 'id', AMAZON_LWA_CLIENT_SECRET: 's' })).toThrow(
      /AMAZON_APP_ID: required/,
    );
    const config = loadConfig({ SHOPEE_PARTNER_ID: '2001887', SHOPEE_PARTNER_KEY: 'key' });
    expect(config.SHOPEE_PARTNER_ID).toBe(2001887);
  });

  it('takes a Shopify API version of a quarter, and refuses anything else', () => {
    expect(loadConfig({}).SHOPIFY_API_VERSION).toBeUndefined();
    expect(loadConfig({ SHOPIFY_API_VERSION: '2026-04' }).SHOPIFY_API_VERSION).toBe('2026-04');
    expect(() => loadConfig({ SHOPIFY_API_VERSION: '2026-02' })).toThrow(/SHOPIFY_API_VERSION/);
  });
});

describe('ownBaseUrl', () => {
  it('is PUBLIC_URL when set, else the listening port on loopback or the bound address', () => {
    expect(ownBaseUrl(loadConfig({ PUBLIC_URL: 'https://hub.example.com/' }))).toBe(
      'https://hub.example.com',
    );
    expect(ownBaseUrl(loadConfig({ PORT: '4100' }))).toBe('http://127.0.0.1:4100');
    expect(ownBaseUrl(loadConfig({ PORT: '4100', HOST: '10.0.0.5' }))).toBe('http://10.0.0.5:4100');
    expect(ownBaseUrl(loadConfig({ PORT: '4100', HOST: '::1' }))).toBe('http://[::1]:4100');
  });
});
