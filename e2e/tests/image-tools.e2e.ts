import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openBrowser, type Session } from '../support/browser.ts';
import { ListingsPage } from '../pages/listings-page.ts';
import { LoginPage } from '../pages/login-page.ts';
import { api, apiLogin } from '../support/api.ts';
import { logoPng } from '../support/png.ts';
import { baseURL, captcha } from '../support/target.ts';

const SHOTS = process.env.IMAGE_SHOTS ?? '/tmp/shots';
const DEMO = { email: 'demo@example.com', password: 'Demo@123456' };

async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

function upc(body: number): string {
  const digits = String(body).padStart(11, '0');
  let sum = 0;
  for (let i = 0; i < 11; i += 1) sum += Number(digits[i]) * (i % 2 === 0 ? 3 : 1);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

async function upload(token: string, bytes: Buffer, name: string): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${baseURL}/api/common/upload-single`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return ((await res.json()) as { data: { url: string } }).data;
}

/** A size chart as sellers draw them: a title and a table, English text. */
async function sizeChart(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const rows = [
    ['Size', 'Chest', 'Length'],
    ['S', '92 cm', '68 cm'],
    ['M', '98 cm', '70 cm'],
  ];
  const cells = rows
    .flatMap((row, i) =>
      row.map(
        (cell, j) =>
          `<text x="${20 + j * 150}" y="${80 + i * 40}" font-family="DejaVu Sans" font-size="22" fill="#222">${cell}</text>`,
      ),
    )
    .join('');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="200"><rect width="480" height="200" fill="#fff"/>' +
    `<text x="20" y="36" font-family="DejaVu Sans" font-size="24" font-weight="bold" fill="#222">Size chart</text>${cells}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

interface Job {
  status: string;
}
async function waitForJob(token: string, id: string): Promise<Job> {
  for (let i = 0; i < 240; i += 1) {
    const job = await api<Job>(token, 'GET', `/jobs/${id}`);
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`job ${id} did not finish`);
}

/**
 * The seller's groundwork on other screens: a T-shirt designed in the design tool (its mockups
 * are 800 px on a grey backdrop), listed on the demo Amazon US store with every field filled
 * but the main image, UPC codes in the pool, and a size chart among the listing's images.
 */
async function prepare(token: string, tag: string): Promise<number> {
  const parents = await api<{ list: Array<{ id: number; title: string }> }>(
    token,
    'POST',
    '/goods-library/index',
    { page: 1, size: 50 },
  );
  const tee = parents.list.find((p) => p.title.includes('T恤')) ?? parents.list[0]!;
  const parent = await api<{
    images: Array<{ printAreas: Array<{ name: string }> }>;
    skus: Array<{ color: string; status: string }>;
  }>(token, 'GET', `/goods-library/show?id=${tee.id}`);
  const side = parent.images.flatMap((i) => i.printAreas)[0]!.name;
  const colour = parent.skus.find((s) => s.status === 'on')!.color;
  const logo = await upload(token, logoPng(), 'logo.png');
  const saved = await api<{ finished_product_id: number; job_id: string }>(
    token,
    'POST',
    '/design/save',
    {
      parent_product_id: tee.id,
      title: `Designed tee ${tag}`,
      colors: [colour],
      layers: [
        {
          kind: 'image',
          id: 'logo',
          side,
          ...{ x: 40, y: 40, width: 120, height: 120, rotation: 0, opacity: 1, locked: false },
          url: logo.url,
          naturalWidth: 64,
          naturalHeight: 64,
        },
      ],
    },
  );
  expect((await waitForJob(token, saved.job_id)).status).toBe('succeeded');
  const seed = 71_000_000_000 + Math.floor(Math.random() * 900_000) * 10_000;
  await api(token, 'POST', '/upc/import', {
    codes: Array.from({ length: 10 }, (_, i) => upc(seed + i)),
  });
  const groups = await api<Array<{ stores: Array<{ id: number; alias: string }> }>>(
    token,
    'GET',
    '/publish/get-market',
  );
  const store = groups.flatMap((g) => g.stores).find((s) => s.alias === '亚马逊美国站（演示）')!;
  const { ids } = await api<{ ids: number[] }>(token, 'POST', '/publish/create', {
    market_id: store.id,
    goods_ids: [saved.finished_product_id],
    brand: 'Acme',
    market_category_id: 'SHIRT',
  });
  const id = ids[0]!;
  await api(token, 'POST', '/publish/update/step2', {
    id,
    market_category_id: 'SHIRT',
    attributes: { department: 'unisex-adult' },
  });
  const listing = await api<{ images: string[] }>(token, 'GET', `/publish/show?id=${id}`);
  const chart = await upload(token, await sizeChart(), 'size-chart.png');
  await api(token, 'POST', '/publish/update/step4', {
    id,
    title: `Acme designed cotton tee ${tag}`,
    describe: 'A soft cotton T-shirt with our logo.',
    bullet_points: ['Soft cotton', 'Regular fit'],
    keywords: 'tee logo',
    images: [...listing.images, chart.url],
  });
  return id;
}

let session: Session;
beforeEach(async () => {
  session = await openBrowser({ locale: 'en' });
  await session.context.addInitScript(() => localStorage.setItem('lang', 'en'));
});
afterEach(async () => session.close());

it('makes a designed product’s main image compliant in one click, publishes it to Amazon and translates a size chart into German', async () => {
  const tag = Date.now().toString(36);
  const id = await prepare(await apiLogin(DEMO.email, DEMO.password), tag);
  const { page } = session;
  const login = new LoginPage(page, baseURL);
  await login.goto();
  await login.loginByEmail(DEMO.email, DEMO.password, captcha);
  await page.waitForURL(/\/home\/index$/);

  await page.goto(`${baseURL}/goods/collectyunEdit?id=${id}&step=3`);
  const panel = page.locator('.listings-editor__aside');
  // The grey 800 px mockup fails Amazon's main-image rules.
  await panel
    .getByText(/white background|1000/i)
    .first()
    .waitFor();
  await snap(page, 'image-tools-before-en');
  const listings = new ListingsPage(page, baseURL);
  const publish = listings.publishButton();
  await expect.poll(() => publish.isDisabled(), { timeout: 15_000 }).toBe(true);

  await page.getByRole('button', { name: 'Make main image compliant' }).click();
  await page.getByText('Main image rendered again from the design on white (1600 px)').waitFor();
  const main = page.getByTestId('listing-image').first().locator('img');
  await expect.poll(() => main.getAttribute('src')).toMatch(/\/api\/files\/design\/.+\.png$/);
  await expect.poll(() => publish.isDisabled(), { timeout: 20_000 }).toBe(false);
  await snap(page, 'image-tools-compliant-en');

  expect(await listings.publish()).toMatch(/Finished: 1 succeeded, 0 failed/);
  await snap(page, 'image-tools-published-en');
  await listings.closeBatch();
  await expect.poll(() => listings.statusTag().innerText()).toBe('Published');

  // The size chart (the listing's last image) into German, before and after side by side.
  await page.getByRole('button', { name: 'Translate image text…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Translate the text in images' });
  await dialog.getByRole('radio').last().check();
  await dialog.getByRole('button', { name: 'Preview translation' }).click();
  const preview = dialog.getByTestId('image-translate-preview');
  await preview.waitFor({ timeout: 60_000 });
  await expect
    .poll(() =>
      preview
        .getByRole('img', { name: 'After' })
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBeGreaterThan(0);
  expect(await preview.getByRole('img', { name: 'Before' }).getAttribute('src')).not.toBe(
    await preview.getByRole('img', { name: 'After' }).getAttribute('src'),
  );
  await preview.getByText(/pieces of text translated/).waitFor();
  await snap(page, 'image-tools-translate-en');
});
