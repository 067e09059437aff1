import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import sharp from 'sharp';
import { openDatabase } from '../src/db/client.ts';
import { sellers } from '../src/db/schema.ts';
import { createLocalStorage } from '../src/integrations/object-storage.ts';
import { uploadImage, type UploadCtx } from '../src/modules/uploads/service.ts';

// `npm run bench` runs this: check, re-encode, thumbnail and store 2000x1500 JPEGs through the
// upload service (no HTTP), as many at once as there are cores, on an in-memory PGlite.
const COUNT = 30;

const photos = await Promise.all(
  Array.from({ length: COUNT }, (_, i) =>
    sharp({
      create: {
        width: 2000,
        height: 1500,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 100 + i, sigma: 40 },
      },
    })
      .blur(1.5)
      .jpeg({ quality: 90 })
      .toBuffer(),
  ),
);

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-uploads-'));
const database = await openDatabase({ dataDir: null });
try {
  const [seller] = await database.db
    .insert(sellers)
    .values({ name: 'Bench seller' })
    .returning({ id: sellers.id });
  const ctx: UploadCtx = {
    db: database.db,
    actor: {
      kind: 'user',
      userId: 0,
      sellerId: seller!.id,
      isBoss: true,
      sessionId: 0,
      token: '',
      expiresAt: new Date(Date.now() + 3_600_000),
    },
    log: pino({ level: 'silent' }),
    ip: '127.0.0.1',
    lang: 'zh-CN' as const,
    storage: createLocalStorage(dir),
  };

  const workers = Math.min(os.availableParallelism(), COUNT);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < COUNT) {
        const bytes = photos[next++]!;
        await uploadImage(ctx, { bytes, filename: 'photo.jpg' });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const mb = photos.reduce((sum, p) => sum + p.length, 0) / COUNT / 1024 / 1024;
  console.log(
    `uploads: ${(COUNT / seconds).toFixed(1)} images/s (${COUNT} JPEGs 2000x1500, ${mb.toFixed(1)} MB each, ${workers} at once)`,
  );
} finally {
  await database.close();
  await fs.rm(dir, { recursive: true, force: true });
}
