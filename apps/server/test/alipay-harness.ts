import { expect } from 'vitest';
import {
  readBody,
  startAlipaySimulator,
  startSimulator,
  type RunningAlipaySimulator,
  type RunningSimulator,
} from '@app/sim';
import { buildTestApp, type TestApp } from './helper.ts';

/**
 * The Alipay simulator of packages/sim (checked against the official alipay-sdk in its own
 * tests) plays Alipay: it verifies our RSA2-signed page-pay URLs and gateway calls and signs its
 * notifies and answers with its own key pair (reference 5.2–5.5). `front` stands in for the
 * public address: it forwards what the simulator posts into the app and keeps every body.
 */
export interface AlipayHarness {
  t: TestApp;
  sim: RunningAlipaySimulator;
  front: RunningSimulator;
  /** Every notify body the app received through `front`, as sent. */
  delivered: string[];
  /** Opens the page-pay URL at the simulator's cashier and clicks Pay, as the buyer would. */
  buyerPays(payUrl: string): Promise<void>;
  close(): Promise<void>;
}

export async function startAlipayHarness(): Promise<AlipayHarness> {
  const sim = await startAlipaySimulator({ basePath: '/__sim/alipay', autoDeliver: false });
  const delivered: string[] = [];
  // The app starts after `front`, whose address it needs; `front` reaches it through this box.
  const box: { app?: TestApp } = {};
  const front = await startSimulator({
    handle(req, res) {
      void readBody(req).then(async (body) => {
        delivered.push(body.toString('utf8'));
        const answer = await box.app!.app.inject({
          method: 'POST',
          url: req.url ?? '/',
          headers: { 'content-type': String(req.headers['content-type']) },
          payload: body,
        });
        res.writeHead(answer.statusCode, { 'content-type': 'text/plain' });
        res.end(answer.body);
      });
    },
  });
  const app = await buildTestApp({
    config: { ALIPAY_GATEWAY: sim.gateway, PUBLIC_URL: front.url },
  });
  box.app = app;

  async function buyerPays(payUrl: string): Promise<void> {
    const page = await fetch(payUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
    expect(token, html).toBeDefined();
    const paid = await fetch(`${sim.url}/cashier/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: token! }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);
  }

  return {
    t: app,
    sim,
    front,
    delivered,
    buyerPays,
    async close() {
      await app.close();
      await front.close();
      await sim.close();
    },
  };
}
