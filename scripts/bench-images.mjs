import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { root } from './lib.mjs';

// Background removal (`/api/common/remove-background`'s work, in process) on a 2,000 px product
// photo: a demo hoodie on its gradient backdrop with a floor shadow, scaled up and saved as JPEG.
// The floor is bare sharp doing a resize and flatten of the same image, the least any image
// tool costs. `npm run bench` runs it; alone: `node scripts/bench-images.mjs`.
const RUNS = 7;
/** The budget per 2,000 px image, in ms. */
const BUDGET_MS = 1500;

const server = (file) =>
  tsImport(pathToFileURL(path.join(root, 'apps/server/src', file)).href, import.meta.url);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const ms = (value) => Math.round(value);

async function timed(fn) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return median(times);
}

export async function benchImages() {
  const { default: sharp } = await import('sharp');
  const { renderDemoImage } = await server('seed/demo-images.ts');
  const { removeBackground } = await server('modules/image-tools/background.ts');
  const picture = { shape: 'hoodie', view: 'front', colour: '#2e86de', model: 1, sheen: false };
  const photo = await sharp(await renderDemoImage(picture))
    .resize(2000, 2000)
    .jpeg({ quality: 90 })
    .toBuffer();
  const floor = await timed(() =>
    sharp(photo).resize(1999, 1999).flatten({ background: '#ffffff' }).jpeg().toBuffer(),
  );
  const white = await timed(() => removeBackground(photo, { background: 'white' }));
  const transparent = await timed(() => removeBackground(photo, { background: 'transparent' }));
  const summary = {
    size: '2000x2000 JPEG',
    floorMs: ms(floor),
    whiteMs: ms(white),
    transparentMs: ms(transparent),
    budgetMs: BUDGET_MS,
  };
  console.log(
    `images: background removal of a ${summary.size}: white ${summary.whiteMs} ms, transparent PNG ` +
      `${summary.transparentMs} ms (budget ${BUDGET_MS} ms; floor: bare sharp resize+flatten ` +
      `${summary.floorMs} ms; median of ${RUNS})` +
      (Math.max(summary.whiteMs, summary.transparentMs) > BUDGET_MS ? ' OVER BUDGET' : ''),
  );
  return summary;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchImages();
}
