import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_TEMU_DEFAULTS } from '@app/sim';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

describe('simulators mounted under /__sim', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('hands the raw request body to the simulator', async () => {
    // Temu's gateway checks type, app_key, timestamp and data_type before the sign (reference
    // 4.2, error table in packages/sim/src/temu/errors.ts): reaching "no sign" proves the
    // simulator read every field of the body.
    const res = await t.app.inject({
      method: 'POST',
      url: '/__sim/temu/openapi/router',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        type: 'bg.local.goods.list.query',
        app_key: SIM_TEMU_DEFAULTS.appKey,
        timestamp: Math.floor(Date.now() / 1000),
        data_type: 'JSON',
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, errorCode: 3000040 });
  });

  it('leaves malformed bodies and any content type to the simulator', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/__sim/nowhere/x',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No simulator at /__sim/nowhere/x' });
    const form = await t.app.inject({
      method: 'PUT',
      url: '/__sim/nowhere',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(form.statusCode).toBe(404);
  });

  it('is public and kept out of the API document', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(doc.json().paths).some((p) => p.startsWith('/__sim'))).toBe(false);
  });
});

describe('simulators elsewhere', () => {
  it('are not mounted when SIM_BASE_URL points at a standalone simulator', async () => {
    const t = await buildTestApp({ config: { SIM_BASE_URL: 'http://127.0.0.1:9101/__sim' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/__sim/temu/authorize' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(404);
    } finally {
      await t.close();
    }
  });
});
