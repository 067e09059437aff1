import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './helper.ts';
import { uploadTo } from './media.ts';
import { operatorDesk, paidOrder } from './production-fixtures.ts';

let t: TestApp;
let desk: Awaited<ReturnType<typeof operatorDesk>>;
beforeAll(async () => {
  t = await buildTestApp({ jobs: true });
  desk = await operatorDesk(t);
});
afterAll(() => t?.close());

async function finished(id: string) {
  const until = Date.now() + 30_000;
  for (;;) {
    const res = await call(t.app, 'GET', `/api/jobs/${id}`, { token: desk.token });
    if (['succeeded', 'failed'].includes(res.body.data?.status) || Date.now() > until) return res;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('batch ship from a file', () => {
  it('ships the good rows as a job and names the bad rows in a 422', async () => {
    const a = await paidOrder(t);
    const b = await paidOrder(t);
    // Paid but not accepted: its row reads well, and the job's ship refuses it.
    const c = await paidOrder(t);
    await desk.accept([a.order.id, b.order.id]);
    const [black] = a.product.skus;
    const csv = [
      'po_number,carrier,tracking_no,sku,quantity',
      `${a.order.number},YANWEN-SL,UG700000001YP,${black!.code},1`,
      `${a.order.number},YANWEN-SL,UG700000001YP,${black!.code},1`,
      `${b.order.number},Local courier,LC-77001,,`,
      `PO-NOPE,YANWEN-SL,UG700000009YP,,`,
      `${b.order.number},YANWEN-SL,BAD,,`,
      `${c.order.number},Local courier,LC-77002,,`,
    ].join('\n');
    const res = await uploadTo(
      t.app,
      '/api/sys/production/ship-import',
      desk.token,
      Buffer.from(csv),
      'ship.csv',
      {},
      { 'accept-language': 'en' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.key).toBe('production.import_bad_rows');
    expect(res.body.data.rows).toEqual([
      { row: 5, number: 'PO-NOPE', reason: 'No purchase order "PO-NOPE"' },
      { row: 6, number: b.order.number, reason: expect.stringMatching(/tracking/i) },
    ]);
    expect(res.body.data.fields).toHaveProperty('file');
    const job = await finished(res.body.data.job_id);
    expect(job.body.data.status, JSON.stringify(job.body.data)).toBe('succeeded');
    // Rows 2 and 3 are one package; the refused one names its PO and row for the screen.
    expect(job.body.data.result).toEqual({
      shipped: 2,
      failed: [
        {
          id: c.order.id,
          number: c.order.number,
          rows: [7],
          tracking_no: 'LC-77002',
          reason: expect.any(String),
        },
      ],
    });
    expect((await desk.info(c.order.id)).status).toBe('paid');

    const first = await desk.info(a.order.id);
    expect(first.status).toBe('partially_shipped');
    const line = first.items.findIndex((i: { sku_code: string }) => i.sku_code === black!.code);
    expect(first.items[line].shipped_quantity).toBe(2);
    expect((await desk.info(b.order.id)).status).toBe('shipped');

    const seller = await call(t.app, 'POST', '/api/sys/production/ship-import', {
      token: a.seller.token,
    });
    expect(seller.status).toBe(403);
  });
});
