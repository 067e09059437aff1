import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  areaSizeMm,
  DEFAULT_PRINT_DPI,
  DesignLayer,
  markupPriceMinor,
  pixelsPerMm,
  PrintFile,
  printFileSize,
  SavedDesign,
  type DesignSaveInput,
  type DesignSaveResult,
  type FinishedSkuInput,
  type IdInput,
  type ParentSku,
  type PrintArea,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { files, finishedProducts, parentProductImages } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { NotFoundError, ValidationError, type FieldMessages } from '../../errors.ts';
import {
  CONTENT_TYPES,
  keyOfUrl,
  platformObjectKey,
  type ImageExt,
  type ObjectStorage,
} from '../../integrations/object-storage.ts';
import type { JobContext, JobRunner } from '../../jobs/runner.ts';
import { ofSeller, ownedBy, sellerIdOf } from '../../tenancy.ts';
import { createFromParent, replaceMockups, showProduct, updateProduct } from '../goods/index.ts';
import { showParentProduct } from '../goods-library/service.ts';
import { readBytes } from '../uploads/service.ts';
import { isPlatformKey } from '../uploads/index.ts';
import {
  RENDERER_VERSION,
  renderLayers,
  renderMockup,
  renderPrintFile,
  renderWhiteMain,
  type ArtworkSource,
  type Cutter,
  type Raster,
} from './render.ts';
import { backgroundMask, onWhiteSquare, WHITE_MAIN_PX } from '../image-tools/index.ts';

export const DESIGN_RENDER = 'design.render';

/** What `finished_products.design` holds for a product made in the design tool. */
const DesignDocument = z.object({
  version: z.literal(1),
  colors: z.array(z.string()),
  /** Empty: every size of the chosen colours. */
  sizes: z.array(z.string()),
  layers: z.array(DesignLayer),
  /** The last render's outputs; a save keeps them until its render replaces them. */
  mockups: SavedDesign.shape.mockups,
  print_files: z.array(PrintFile),
});
type DesignDocument = z.infer<typeof DesignDocument>;

const RenderPayload = z.object({ productId: z.number().int().positive() });

export interface DesignDeps {
  jobs: Pick<JobRunner, 'enqueue'>;
  storage: ObjectStorage;
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/** The parent SKUs the design makes: chosen colours × chosen sizes (all when none), colour by colour. */
function chosenSkus(skus: ParentSku[], colors: string[], sizes: string[]): ParentSku[] {
  const fields: FieldMessages = {};
  const onSale = skus.filter((s) => s.status === 'on');
  const colours = new Set(onSale.map((s) => s.color));
  colors.forEach((color, i) => {
    if (!colours.has(color)) fields[`colors.${i}`] = 'design.not_a_colour';
  });
  const inColours = onSale.filter((s) => colors.includes(s.color));
  const sizesOfColours = new Set(inColours.map((s) => s.size));
  sizes.forEach((size, i) => {
    if (!sizesOfColours.has(size)) fields[`sizes.${i}`] = 'design.not_a_size';
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  const chosen = inColours.filter((s) => sizes.length === 0 || sizes.includes(s.size));
  if (chosen.length === 0) throw new ValidationError({ sizes: 'design.no_size_in_colours' });
  const order = unique(colors);
  return chosen.sort((a, b) => order.indexOf(a.color) - order.indexOf(b.color) || a.id - b.id);
}

/**
 * Layers must sit on the product's print areas, and artwork must be a file of this server the
 * seller may use: their own upload (image space or materials) or a public demo picture. Nothing
 * else is ever fetched.
 */
async function checkLayers(
  ctx: Ctx,
  storage: ObjectStorage,
  layers: DesignLayer[],
  sides: Set<string>,
): Promise<void> {
  const fields: FieldMessages = {};
  const ids = new Set<string>();
  const keys = new Map<number, string>();
  layers.forEach((layer, i) => {
    if (ids.has(layer.id)) fields[`layers.${i}.id`] = 'design.layer_repeated';
    ids.add(layer.id);
    if (!sides.has(layer.side)) fields[`layers.${i}.side`] = 'design.not_a_print_area';
    if (layer.kind !== 'image') return;
    const key = keyOfUrl(layer.url, storage);
    if (key === null) fields[`layers.${i}.url`] = 'design.use_uploaded_image';
    else keys.set(i, key);
  });
  const sellerKeys = [...new Set(keys.values())].filter((k) => !isPlatformKey(k));
  const owned = new Set(
    sellerKeys.length === 0
      ? []
      : (
          await ctx.db
            .select({ key: files.key })
            .from(files)
            .where(and(inArray(files.key, sellerKeys), ownedBy(ctx, files.sellerId)))
        ).map((r) => r.key),
  );
  for (const [i, key] of keys) {
    if (!isPlatformKey(key) && !owned.has(key))
      fields[`layers.${i}.url`] = 'design.use_uploaded_image';
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
}

/**
 * Stores the design on a new finished product (source `design`) or on the seller's own
 * `finished_product_id`, with one SKU per chosen colour and size, then queues its rendering.
 */
export async function saveDesign(
  ctx: Ctx,
  deps: DesignDeps,
  input: DesignSaveInput,
): Promise<DesignSaveResult> {
  const sellerId = sellerIdOf(ctx);
  const id = input.finished_product_id;
  // Another seller's product is a 404 before anything about the design is judged.
  if (id !== undefined) {
    const current = await showProduct(ctx, { id }, 'own');
    if (current.parent.id !== input.parent_product_id)
      throw new ValidationError({ parent_product_id: 'design.keeps_parent' });
  }
  const parent = await showParentProduct(ctx, { id: input.parent_product_id });
  const chosen = chosenSkus(parent.skus, input.colors, input.sizes);
  const sides = new Set(parent.images.flatMap((i) => i.printAreas.map((a) => a.name)));
  await checkLayers(ctx, deps.storage, input.layers, sides);
  const document = (previous: DesignDocument | null): DesignDocument => ({
    version: 1,
    colors: unique(input.colors),
    sizes: unique(input.sizes),
    layers: input.layers,
    mockups: previous?.mockups ?? [],
    print_files: previous?.print_files ?? [],
  });
  const newSku = (s: ParentSku): FinishedSkuInput => ({
    parent_sku_id: s.id,
    color: s.color,
    size: s.size,
    price_minor: markupPriceMinor(s.costMinor),
  });

  let productId: number;
  if (id === undefined) {
    const row = await createFromParent(ctx, sellerId, {
      parent_product_id: parent.id,
      title: input.title,
      tags: [],
      skus: chosen.map(newSku),
      images: [],
      design: document(null),
    });
    productId = row.id;
  } else {
    await withTransaction(ctx, async (tx) => {
      const current = await showProduct(tx, { id }, 'own');
      // SKUs already made from a parent SKU keep their id, code and price.
      const kept = new Map(current.skus.map((s) => [s.parentSkuId, s]));
      await updateProduct(tx, {
        id,
        title: input.title,
        tags: current.tags,
        skus: chosen.map((s) => {
          const sku = kept.get(s.id);
          return sku
            ? {
                id: sku.id,
                parent_sku_id: s.id,
                sku_code: sku.skuCode,
                color: sku.color,
                size: sku.size,
                price_minor: sku.priceMinor,
                image: sku.image,
              }
            : newSku(s);
        }),
        images: current.images.map((i) => ({ url: i.url, kind: i.kind, color: i.color })),
      });
      const previous = DesignDocument.safeParse(current.design);
      await tx.db
        .update(finishedProducts)
        .set({ source: 'design', design: document(previous.success ? previous.data : null) })
        .where(eq(finishedProducts.id, id));
    });
    productId = id;
  }
  // Queued after the commit, so the job never reads the design from before this save.
  const jobId = await deps.jobs.enqueue({
    kind: DESIGN_RENDER,
    sellerId,
    payload: { productId },
  });
  return { finished_product_id: productId, job_id: jobId };
}

/**
 * One of the platform's own designed products (no seller; the shared library shows it), checked
 * as a seller's save is and rendered at once by the same renderer: no seller's job queue serves
 * it. Artwork must be platform pictures. Used by the demo seed.
 */
export async function savePlatformDesign(
  ctx: Ctx,
  deps: Pick<DesignDeps, 'storage'>,
  input: Omit<DesignSaveInput, 'finished_product_id'>,
): Promise<number> {
  const parent = await showParentProduct(ctx, { id: input.parent_product_id });
  const chosen = chosenSkus(parent.skus, input.colors, input.sizes);
  const sides = new Set(parent.images.flatMap((i) => i.printAreas.map((a) => a.name)));
  await checkLayers(ctx, deps.storage, input.layers, sides);
  const row = await createFromParent(ctx, null, {
    parent_product_id: parent.id,
    title: input.title,
    tags: [],
    skus: chosen.map((s) => ({
      parent_sku_id: s.id,
      color: s.color,
      size: s.size,
      price_minor: markupPriceMinor(s.costMinor),
    })),
    images: [],
    design: {
      version: 1,
      colors: unique(input.colors),
      sizes: unique(input.sizes),
      layers: input.layers,
      mockups: [],
      print_files: [],
    } satisfies DesignDocument,
  });
  await renderDesign(
    { db: ctx.db, storage: deps.storage },
    { sellerId: null, payload: { productId: row.id }, progress: async () => {} },
  );
  return row.id;
}

/** A design to reopen in the editor; another seller's product, or one without a design, is a 404. */
export async function showDesign(ctx: Ctx, input: IdInput): Promise<SavedDesign> {
  const product = await showProduct(ctx, input, 'own');
  const parsed = DesignDocument.safeParse(product.design);
  if (!parsed.success) throw new NotFoundError('design.no_design');
  const doc = parsed.data;
  return {
    finished_product_id: product.id,
    parent_product_id: product.parent.id,
    title: product.title,
    colors: doc.colors,
    sizes: doc.sizes,
    layers: doc.layers,
    mockups: doc.mockups,
    print_files: doc.print_files,
  };
}

// ---------------------------------------------------------------------------------------------
// Rendering

type BlankRow = typeof parentProductImages.$inferSelect;

/**
 * The picture a side is shown on in a colour: that colour's, else one for any colour, else the
 * side's first (as the editor picks it).
 */
function blankFor(images: BlankRow[], side: string, color: string) {
  const withSide = images.filter((i) => i.printAreas.some((a) => a.name === side));
  const image =
    withSide.find((i) => i.color === color) ?? withSide.find((i) => i.color === '') ?? withSide[0];
  const area = image?.printAreas.find((a) => a.name === side);
  return image && area ? { image, area } : null;
}

/** JSON with sorted keys, so equal content always hashes alike (jsonb reorders keys). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What of a layer shows in the output: not its id or lock, which only the editor uses. */
function drawn(layers: DesignLayer[]): unknown[] {
  return layers.map(({ id: _id, locked: _locked, ...rest }) => rest);
}

/**
 * A content-derived key: the same inputs (and renderer version) always give the same key, so a
 * re-render finds its files already stored and the same design always has the same files.
 */
function outputKey(sellerId: number | null, ext: ImageExt, content: unknown): string {
  const digest = createHash('sha256')
    .update(canonical({ renderer: RENDERER_VERSION, ...(content as object) }))
    .digest('hex')
    .slice(0, 32);
  return platformObjectKey('design', `${sellerId ?? 'platform'}-${digest}`, ext);
}

async function exists(storage: ObjectStorage, key: string): Promise<boolean> {
  const object = await storage.get(key);
  object?.body.destroy();
  return object !== null;
}

/** Artwork by layer URL, each object read once per job. */
function artworkFrom(storage: ObjectStorage): ArtworkSource {
  const cache = new Map<string, Promise<Buffer>>();
  return (url) => {
    const key = keyOfUrl(url, storage);
    if (key === null) return Promise.reject(new NotFoundError('design.artwork_not_here', { url }));
    let bytes = cache.get(key);
    if (!bytes) {
      bytes = readBytes(storage, key).then((b) => {
        if (!b) throw new NotFoundError('design.artwork_gone', { url });
        return b;
      });
      cache.set(key, bytes);
    }
    return bytes;
  };
}

export interface RenderResult {
  mockups: number;
  print_files: number;
  /** Files drawn now; the rest were already stored from an earlier render of the same content. */
  rendered: number;
  /** True when the design changed while rendering; the newer save's job writes the outputs. */
  stale: boolean;
}

/**
 * The design.render job: mockups per chosen colour × side, print files per side with artwork.
 * A job without a seller renders one of the platform's own designed products.
 */
export async function renderDesign(
  deps: { db: Executor; storage: ObjectStorage },
  job: Pick<JobContext, 'sellerId' | 'payload' | 'progress'>,
): Promise<RenderResult> {
  const { db, storage } = deps;
  const { productId } = RenderPayload.parse(job.payload);
  const loadDesign = async (tx: Executor, lock: boolean) => {
    const query = tx
      .select()
      .from(finishedProducts)
      .where(
        and(
          eq(finishedProducts.id, productId),
          job.sellerId === null
            ? isNull(finishedProducts.sellerId)
            : ofSeller(finishedProducts.sellerId, job.sellerId),
        ),
      );
    const [row] = lock ? await query.for('update') : await query;
    const parsed = DesignDocument.safeParse(row?.design);
    if (!row || !parsed.success) throw new NotFoundError('design.product_gone');
    return { row, doc: parsed.data };
  };
  const { row, doc } = await loadDesign(db, false);
  const sellerId = row.sellerId;
  const images = await db
    .select()
    .from(parentProductImages)
    .where(eq(parentProductImages.productId, row.parentProductId))
    .orderBy(asc(parentProductImages.orderNum), asc(parentProductImages.id));
  const sides = unique(images.flatMap((i) => i.printAreas.map((a) => a.name)));
  const layersOf = (side: string) => doc.layers.filter((l) => l.side === side);

  const mockups = sides.flatMap((side) =>
    doc.colors.flatMap((color) => {
      const blank = blankFor(images, side, color);
      return blank ? [{ side, color, ...blank }] : [];
    }),
  );
  const prints = sides
    .filter((side) => layersOf(side).length > 0)
    .map((side) => ({ side, area: blankFor(images, side, '')!.area }));
  const total = mockups.length + prints.length;
  let done = 0;
  let rendered = 0;
  await job.progress(0, total, { key: 'jobs.progress.rendering_mockups' });

  const artwork = artworkFrom(storage);
  // One drawing of a side's artwork serves every colour whose picture has the same area.
  const overlays = new Map<string, Promise<Raster>>();
  const overlayFor = (side: string, area: PrintArea) => {
    const id = canonical({ side, area });
    let overlay = overlays.get(id);
    if (!overlay) {
      overlay = renderLayers(area, layersOf(side), pixelsPerMm(area), artwork);
      overlays.set(id, overlay);
    }
    return overlay;
  };
  const store = async (key: string, ext: ImageExt, draw: () => Promise<Buffer>) => {
    if (await exists(storage, key)) return;
    await storage.put(key, await draw(), CONTENT_TYPES[ext]);
    rendered += 1;
  };

  const mockupOut: DesignDocument['mockups'] = [];
  for (const m of mockups) {
    const key = outputKey(sellerId, 'jpg', {
      kind: 'mockup',
      blank: m.image.url,
      area: m.area,
      color: m.color,
      layers: drawn(layersOf(m.side)),
    });
    await store(key, 'jpg', async () => {
      const blankKey = keyOfUrl(m.image.url, storage);
      const blank = blankKey === null ? null : await readBytes(storage, blankKey);
      if (!blank)
        throw new NotFoundError('design.blank_picture_missing', { side: m.side, color: m.color });
      return renderMockup(blank, m.area, await overlayFor(m.side, m.area));
    });
    mockupOut.push({ color: m.color, side: m.side, url: storage.url(key) });
    await job.progress(++done, total, { key: 'jobs.progress.mockup', params: { done, total } });
  }

  const printOut: PrintFile[] = [];
  for (const p of prints) {
    const size = printFileSize(p.area);
    const key = outputKey(sellerId, 'png', {
      kind: 'print',
      size: { ...areaSizeMm(p.area), dpi: p.area.dpi ?? DEFAULT_PRINT_DPI },
      layers: drawn(layersOf(p.side)),
    });
    await store(key, 'png', () => renderPrintFile(p.area, layersOf(p.side), artwork));
    printOut.push({ side: p.side, url: storage.url(key), width: size.width, height: size.height });
    await job.progress(++done, total, {
      key: 'jobs.progress.print_file',
      params: { done, total },
    });
  }

  const drawnDesign = (d: DesignDocument) => canonical([d.colors, d.layers]);
  const stale = await db.transaction(async (tx) => {
    const current = await loadDesign(tx, true);
    if (drawnDesign(current.doc) !== drawnDesign(doc)) return true;
    // Colour-major, so the product's first picture is the first colour's first side.
    const ordered = doc.colors.flatMap((color) => mockupOut.filter((m) => m.color === color));
    await replaceMockups(tx, productId, ordered);
    await tx
      .update(finishedProducts)
      .set({ design: { ...current.doc, mockups: ordered, print_files: printOut } })
      .where(eq(finishedProducts.id, productId));
    return false;
  });
  return { mockups: mockupOut.length, print_files: printOut.length, rendered, stale };
}

// ---------------------------------------------------------------------------------------------
// The white main image

/** The blank is drawn this much larger than the output, so cropping to the product never upsamples. */
const WHITE_MAIN_OVERSAMPLE = 1.25;
const WHITE_CUTTER: Cutter = {
  mask: (bytes) => backgroundMask(bytes),
  onWhite: onWhiteSquare,
};

/**
 * The designed product on pure white for a listing's main image, from the mockup at `url` (its
 * colour and side) or the product's first mockup. Stored under a content-derived key, so the
 * same design and blank always give the same file. Null when the product has no design.
 */
export async function whiteMainImage(
  ctx: Ctx,
  deps: { storage: ObjectStorage },
  productId: number,
  url?: string,
): Promise<string | null> {
  const product = await showProduct(ctx, { id: productId }, 'own');
  const parsed = DesignDocument.safeParse(product.design);
  if (!parsed.success) return null;
  const doc = parsed.data;
  const mockup = doc.mockups.find((m) => m.url === url) ?? doc.mockups[0];
  const side = mockup?.side ?? doc.layers[0]?.side;
  const color = mockup?.color ?? doc.colors[0];
  if (side === undefined || color === undefined) return null;
  const images = await ctx.db
    .select()
    .from(parentProductImages)
    .where(eq(parentProductImages.productId, product.parent.id))
    .orderBy(asc(parentProductImages.orderNum), asc(parentProductImages.id));
  const blank = blankFor(images, side, color);
  if (!blank) return null;
  const layers = doc.layers.filter((l) => l.side === side);
  const sellerId = sellerIdOf(ctx);
  const key = outputKey(sellerId, 'png', {
    kind: 'white-main',
    size: WHITE_MAIN_PX,
    blank: blank.image.url,
    area: blank.area,
    color,
    layers: drawn(layers),
  });
  if (!(await exists(deps.storage, key))) {
    const blankKey = keyOfUrl(blank.image.url, deps.storage);
    const bytes = blankKey === null ? null : await readBytes(deps.storage, blankKey);
    if (!bytes) throw new NotFoundError('design.blank_picture_missing', { side, color });
    const png = await renderWhiteMain(
      bytes,
      blank.area,
      layers,
      artworkFrom(deps.storage),
      WHITE_CUTTER,
      WHITE_MAIN_PX * WHITE_MAIN_OVERSAMPLE,
    );
    await deps.storage.put(key, png, CONTENT_TYPES.png);
  }
  return deps.storage.url(key);
}
