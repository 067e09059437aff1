import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { root } from './lib.mjs';

// The design tool's rendering, in process (no HTTP), on an in-memory PGlite: one mockup drawn
// from scratch (artwork, text and photo), and the whole design.render job of a T-shirt in
// 4 colours x 2 sides, which also writes the two 300-dpi print files. `npm run bench` runs it;
// alone: `node scripts/bench-design.mjs`.
const RUNS = 15;
/** The budget per mockup, in ms, on the 2-core bench machine. */
const BUDGET_MS = 300;

const server = (file) =>
  tsImport(pathToFileURL(path.join(root, 'apps/server/src', file)).href, import.meta.url);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const ms = (value) => Math.round(value * 10) / 10;

/**
 * 2400 px illustration with transparency and soft gradients, about 1 MB as PNG: what a seller
 * uploads as print artwork (photographic noise would make a 20 MB PNG, past the upload cap).
 */
async function artwork(sharp) {
  const rays = Array.from({ length: 24 }, (_, i) => {
    const a = (i * Math.PI) / 12;
    return `<path d="M1200 1200 L${1200 + 1150 * Math.cos(a)} ${1200 + 1150 * Math.sin(a)} L${1200 + 1150 * Math.cos(a + 0.12)} ${1200 + 1150 * Math.sin(a + 0.12)} Z" fill="#fff" fill-opacity="0.25"/>`;
  }).join('');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="2400">' +
    '<defs><radialGradient id="g"><stop offset="0" stop-color="#f9d423"/><stop offset="1" stop-color="#e8412c"/></radialGradient></defs>' +
    `<circle cx="1200" cy="1200" r="1150" fill="url(#g)"/>${rays}` +
    '<circle cx="1200" cy="1200" r="420" fill="#2c3e50"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function benchDesign() {
  const { default: sharp } = await import('sharp');
  const { openDatabase } = await server('db/client.ts');
  const schema = await server('db/schema.ts');
  const { renderDemoImage } = await server('seed/demo-images.ts');
  const { createLocalStorage, platformObjectKey, CONTENT_TYPES } = await server(
    'integrations/object-storage.ts',
  );
  const { uploadImage } = await server('modules/uploads/service.ts');
  const { saveDesign, renderDesign } = await server('modules/design/service.ts');
  const { renderLayers, renderMockup } = await server('modules/design/render.ts');
  const { pixelsPerMm } = await tsImport('@app/shared', import.meta.url);

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-design-'));
  const database = await openDatabase({ dataDir: null });
  try {
    const db = database.db;
    const storage = createLocalStorage(dir);
    const front = {
      name: 'front',
      x: 250,
      y: 190,
      width: 300,
      height: 400,
      widthMm: 300,
      heightMm: 400,
      dpi: 300,
    };
    const back = { ...front, name: 'back', y: 180 };
    const colours = {
      White: '#f7f7f4',
      Black: '#2a2b2e',
      Navy: '#22304d',
      'Heather Grey': '#a3a7ad',
    };

    const [category] = await db
      .insert(schema.categories)
      .values({ name: 'T恤', nameEn: 'T-shirts' })
      .returning();
    const [parent] = await db
      .insert(schema.parentProducts)
      .values({ categoryId: category.id, title: '纯棉T恤', titleEn: 'Cotton Tee', costMinor: 1850 })
      .returning();
    const blanks = [];
    for (const [color, hex] of Object.entries(colours)) {
      for (const [view, area] of [
        ['front', front],
        ['back', back],
      ]) {
        const bytes = await renderDemoImage({
          shape: 'tee',
          view,
          colour: hex,
          model: 0,
          sheen: false,
          areas: [area],
        });
        const key = platformObjectKey(
          'demo',
          `bench-${color.replace(' ', '-').toLowerCase()}-${view}`,
          'png',
        );
        await storage.put(key, bytes, CONTENT_TYPES.png);
        blanks.push({ bytes, area });
        await db.insert(schema.parentProductImages).values({
          productId: parent.id,
          url: storage.url(key),
          color,
          orderNum: blanks.length,
          printAreas: [area],
        });
      }
      await db.insert(schema.parentSkus).values(
        ['S', 'M', 'L'].map((size) => ({
          productId: parent.id,
          sku: `BENCH-${color}-${size}`,
          color,
          size,
          costMinor: 1850,
        })),
      );
    }
    const [seller] = await db.insert(schema.sellers).values({ name: 'Bench seller' }).returning();
    const ctx = {
      db,
      actor: {
        kind: 'user',
        userId: 0,
        sellerId: seller.id,
        isBoss: true,
        sessionId: 0,
        token: '',
        expiresAt: new Date(Date.now() + 3_600_000),
      },
      log: {
        info() {},
        warn() {},
        error() {},
        debug() {},
        child() {
          return this;
        },
      },
      ip: '127.0.0.1',
      storage,
    };
    const art = await uploadImage(ctx, { bytes: await artwork(sharp), filename: 'art.png' });
    const layers = [
      {
        kind: 'image',
        id: 'art',
        side: 'front',
        x: 40,
        y: 60,
        width: 220,
        height: 220,
        rotation: 8,
        opacity: 1,
        locked: false,
        url: art.url,
        naturalWidth: 2400,
        naturalHeight: 2400,
      },
      {
        kind: 'text',
        id: 'top',
        side: 'front',
        x: 30,
        y: 10,
        width: 240,
        height: 60,
        rotation: 0,
        opacity: 1,
        locked: false,
        text: 'SUMMER CLUB',
        fontFamily: 'DejaVu Sans',
        fontSize: 34,
        fill: '#ffffff',
        fontWeight: 'bold',
        align: 'center',
        curve: 40,
      },
      {
        kind: 'image',
        id: 'back-art',
        side: 'back',
        x: 75,
        y: 40,
        width: 150,
        height: 150,
        rotation: 0,
        opacity: 0.9,
        locked: false,
        url: art.url,
        naturalWidth: 2400,
        naturalHeight: 2400,
      },
      {
        kind: 'text',
        id: 'back-text',
        side: 'back',
        x: 20,
        y: 220,
        width: 260,
        height: 90,
        rotation: 0,
        opacity: 1,
        locked: false,
        text: 'Est. 2025\nSeller Hub',
        fontFamily: 'DejaVu Serif',
        fontSize: 30,
        fill: '#f1c40f',
        fontWeight: 'normal',
        align: 'center',
        curve: 0,
      },
    ];
    const source = async () =>
      (await storage.get(art.url.replace('/api/files/', ''))).body.toArray().then(Buffer.concat);

    // One mockup from scratch: the side's layers at photo scale, composited and encoded.
    const frontLayers = layers.filter((l) => l.side === 'front');
    const perMockup = [];
    for (let i = 0; i < RUNS + 2; i++) {
      const blank = blanks[(i * 2) % blanks.length];
      const started = performance.now();
      const overlay = await renderLayers(blank.area, frontLayers, pixelsPerMm(blank.area), source);
      await renderMockup(blank.bytes, blank.area, overlay);
      if (i >= 2) perMockup.push(performance.now() - started);
    }

    // The whole job, as a save queues it, into empty storage.
    let payload;
    const jobs = { enqueue: async (job) => ((payload = job.payload), 'bench') };
    await saveDesign(
      ctx,
      { jobs, storage },
      {
        parent_product_id: parent.id,
        title: 'Summer Club Tee',
        colors: Object.keys(colours),
        sizes: [],
        layers,
      },
    );
    const progress = [];
    const started = performance.now();
    const result = await renderDesign(
      { db, storage },
      {
        sellerId: seller.id,
        payload,
        progress: async (done) => progress.push([done, performance.now()]),
      },
    );
    const total = performance.now() - started;
    const mockupsDoneAt = progress.find(([done]) => done === result.mockups)[1];
    const again = performance.now();
    const rerun = await renderDesign(
      { db, storage },
      { sellerId: seller.id, payload, progress: async () => {} },
    );
    const rerunMs = performance.now() - again;

    const summary = {
      mockupMedianMs: ms(median(perMockup)),
      mockupBudgetMs: BUDGET_MS,
      product: '4 colours x 2 sides',
      mockups: result.mockups,
      mockupsMs: ms(mockupsDoneAt - started),
      printFiles: result.print_files,
      jobMs: ms(total),
      rerenderMs: ms(rerunMs),
      rerenderDrawn: rerun.rendered,
    };
    console.log(
      `design: mockup median ${summary.mockupMedianMs} ms from scratch (budget ${BUDGET_MS} ms, ${RUNS} runs); ` +
        `T-shirt ${summary.product}: ${summary.mockups} mockups in ${summary.mockupsMs} ms ` +
        `(${ms(summary.mockupsMs / summary.mockups)} ms each, artwork drawn once per side), whole job with ` +
        `${summary.printFiles} print files at 300 dpi ${summary.jobMs} ms; re-render of the same design ` +
        `${summary.rerenderMs} ms (${summary.rerenderDrawn} files drawn)` +
        (summary.mockupMedianMs > BUDGET_MS ? ' OVER BUDGET' : ''),
    );
    return summary;
  } finally {
    await database.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchDesign();
}
