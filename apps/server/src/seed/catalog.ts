import { sql } from 'drizzle-orm';
import {
  CONTENT_TYPES,
  FILES_URL_PREFIX,
  platformObjectKey,
  type ObjectStorage,
} from '../integrations/object-storage.ts';
import type { Db } from '../db/client.ts';
import {
  demoImageDigest,
  renderDemoImage,
  type DemoPicture,
  type DemoShape,
  type DemoView,
} from './demo-images.ts';
import {
  categories,
  parentProductImages,
  parentProducts,
  parentSkus,
  type PrintArea,
} from '../db/schema.ts';
import { LOCKS } from '../db/locks.ts';

interface Colour {
  code: string;
  name: string;
  nameZh: string;
  /** How the demo pictures paint it. */
  hex: string;
}
const WHITE = { code: 'WHT', name: 'White', nameZh: '白色', hex: '#f7f7f4' };
const BLACK = { code: 'BLK', name: 'Black', nameZh: '黑色', hex: '#2a2b2e' };
const NAVY = { code: 'NVY', name: 'Navy', nameZh: '藏青色', hex: '#22304d' };
const GREY = { code: 'GRY', name: 'Heather Grey', nameZh: '麻灰色', hex: '#a3a7ad' };
const RED = { code: 'RED', name: 'Red', nameZh: '红色', hex: '#c23b32' };
const NATURAL = { code: 'NAT', name: 'Natural', nameZh: '本色', hex: '#e9dcc1' };
const CLEAR = { code: 'CLR', name: 'Clear', nameZh: '透明', hex: '#dfe8ee' };

interface Kind {
  code: string;
  shape: DemoShape;
  name: string;
  nameEn: string;
  supplier: string;
  /** Base cost in minor units; variants and sizes add to it. */
  cost: number;
  weightG: number;
  box: [number, number, number];
  colours: Colour[];
  sizes: string[];
  /**
   * The colours the first model is made in, each in every size: the marketplace simulators sell
   * it by colour and size (packages/sim: the Classic Tee in Black / M and White / L), and the
   * demo seller's copy must hold those SKUs. Other models get a spread of the kind's variants.
   */
  firstModelColours?: Colour[];
  /** Print areas on the 800×800 pictures, with their printed size (same proportions). */
  areas: PrintArea[];
  /** Attribute names and values, zh-CN and English. */
  attributes: Record<string, string>;
  attributesEn: Record<string, string>;
  /** zh + en title stems; each makes one product. */
  models: Array<[string, string]>;
}

const area = (
  name: string,
  [x, y, width, height]: [number, number, number, number],
  [widthMm, heightMm]: [number, number],
  dpi = 300,
): PrintArea => ({ name, x, y, width, height, widthMm, heightMm, dpi });

const TREE: Array<{ name: string; nameEn: string; kinds: Kind[] }> = [
  {
    name: '服装',
    nameEn: 'Apparel',
    kinds: [
      {
        code: 'TS',
        shape: 'tee',
        name: 'T恤',
        nameEn: 'T-shirts',
        supplier: '广州衣品供应链',
        cost: 1850,
        weightG: 180,
        box: [300, 250, 20],
        colours: [WHITE, BLACK, NAVY, GREY],
        sizes: ['S', 'M', 'L', 'XL'],
        firstModelColours: [WHITE, BLACK],
        areas: [
          area('front', [250, 190, 300, 400], [300, 400]),
          area('back', [250, 180, 300, 400], [300, 400]),
        ],
        attributes: { 材质: '100% 纯棉', 克重: '180 g/m²' },
        attributesEn: { Material: '100% cotton', Weight: '180 g/m²' },
        models: [
          ['纯棉圆领短袖T恤', 'Classic Cotton Crew Neck T-Shirt'],
          ['重磅宽松落肩T恤', 'Heavyweight Oversized Drop-Shoulder Tee'],
          ['速干运动T恤', 'Quick-Dry Performance T-Shirt'],
          ['V领修身T恤', 'Slim Fit V-Neck T-Shirt'],
          ['儿童纯棉T恤', 'Kids Cotton T-Shirt'],
          ['有机棉环保T恤', 'Organic Cotton Eco T-Shirt'],
        ],
      },
      {
        code: 'HD',
        shape: 'hoodie',
        name: '卫衣',
        nameEn: 'Hoodies',
        supplier: '东莞织造有限公司',
        cost: 4200,
        weightG: 520,
        box: [350, 300, 50],
        colours: [BLACK, GREY, NAVY],
        sizes: ['M', 'L', 'XL'],
        areas: [
          area('front', [260, 230, 280, 300], [280, 300]),
          area('back', [240, 180, 320, 420], [320, 420]),
        ],
        attributes: { 材质: '80% 棉，20% 涤纶', 内里: '抓绒' },
        attributesEn: { Material: '80% cotton, 20% polyester', Lining: 'fleece' },
        models: [
          ['加绒连帽卫衣', 'Fleece Pullover Hoodie'],
          ['拉链连帽卫衣', 'Full-Zip Hoodie'],
          ['圆领套头卫衣', 'Crewneck Sweatshirt'],
          ['轻薄春秋卫衣', 'Lightweight Hoodie'],
          ['复古水洗卫衣', 'Vintage Washed Hoodie'],
        ],
      },
      {
        code: 'CP',
        shape: 'cap',
        name: '帽子',
        nameEn: 'Caps',
        supplier: '义乌帽业',
        cost: 1500,
        weightG: 90,
        box: [200, 180, 120],
        colours: [BLACK, WHITE, RED],
        sizes: ['One Size'],
        areas: [area('front panel', [280, 260, 240, 140], [120, 70])],
        attributes: { 调节方式: '可调节后扣' },
        attributesEn: { Closure: 'adjustable strap' },
        models: [
          ['经典棒球帽', 'Classic Baseball Cap'],
          ['网眼卡车司机帽', 'Mesh Trucker Cap'],
          ['纯棉渔夫帽', 'Cotton Bucket Hat'],
          ['针织毛线帽', 'Knit Beanie'],
          ['平檐嘻哈帽', 'Flat Brim Snapback'],
        ],
      },
    ],
  },
  {
    name: '家居',
    nameEn: 'Home & Living',
    kinds: [
      {
        code: 'MG',
        shape: 'mug',
        name: '马克杯',
        nameEn: 'Mugs',
        supplier: '景德镇陶瓷厂',
        cost: 1200,
        weightG: 350,
        box: [120, 120, 110],
        colours: [WHITE, BLACK],
        sizes: ['11oz', '15oz'],
        areas: [area('wrap', [120, 220, 560, 238], [200, 85])],
        attributes: { 材质: '陶瓷', 洗碗机: '可用' },
        attributesEn: { Material: 'ceramic', Dishwasher: 'safe' },
        models: [
          ['陶瓷马克杯', 'Ceramic Coffee Mug'],
          ['变色魔术马克杯', 'Colour-Changing Magic Mug'],
          ['内彩陶瓷杯', 'Two-Tone Ceramic Mug'],
          ['不锈钢保温杯', 'Stainless Steel Travel Mug'],
          ['珐琅露营杯', 'Enamel Camping Mug'],
        ],
      },
      {
        code: 'PL',
        shape: 'pillow',
        name: '抱枕',
        nameEn: 'Pillows',
        supplier: '南通家纺',
        cost: 2200,
        weightG: 400,
        box: [450, 450, 80],
        colours: [WHITE, NATURAL],
        sizes: ['40x40cm', '45x45cm', '50x50cm'],
        areas: [area('front', [100, 100, 600, 600], [400, 400])],
        attributes: { 枕套: '涤纶仿麻', 枕芯: '含' },
        attributesEn: { Cover: 'polyester linen', Filling: 'included' },
        models: [
          ['方形印花抱枕', 'Square Printed Throw Pillow'],
          ['亚麻靠垫套', 'Linen Cushion Cover'],
          ['天鹅绒抱枕', 'Velvet Throw Pillow'],
          ['户外防水抱枕', 'Outdoor Waterproof Pillow'],
          ['腰枕', 'Lumbar Pillow'],
        ],
      },
      {
        code: 'PS',
        shape: 'poster',
        name: '海报',
        nameEn: 'Posters',
        supplier: '上海印艺',
        cost: 800,
        weightG: 120,
        box: [620, 80, 80],
        colours: [
          { code: 'MAT', name: 'Matte', nameZh: '哑光', hex: '#f3efe6' },
          { code: 'GLS', name: 'Glossy', nameZh: '亮光', hex: '#f9f9f9' },
        ],
        sizes: ['A3', 'A2', 'A1'],
        // A2 at 200 dpi: the print file stays near 15 megapixels like the others.
        areas: [area('full bleed', [135, 25, 530, 750], [420, 594], 200)],
        attributes: { 纸张: '200 g/m² 铜版纸' },
        attributesEn: { Paper: '200 g/m² art paper' },
        models: [
          ['哑光艺术海报', 'Matte Art Poster'],
          ['装裱画框海报', 'Framed Poster'],
          ['帆布无框画', 'Canvas Print'],
          ['复古牛皮纸海报', 'Vintage Kraft Paper Poster'],
          ['铝板金属画', 'Aluminium Metal Print'],
        ],
      },
    ],
  },
  {
    name: '配件',
    nameEn: 'Accessories',
    kinds: [
      {
        code: 'TB',
        shape: 'tote',
        name: '帆布袋',
        nameEn: 'Tote bags',
        supplier: '温州包袋厂',
        cost: 900,
        weightG: 150,
        box: [400, 350, 20],
        colours: [NATURAL, BLACK],
        sizes: ['Standard', 'Large'],
        areas: [area('front', [220, 300, 360, 360], [300, 300])],
        attributes: { 材质: '12 盎司帆布' },
        attributesEn: { Material: '12 oz canvas' },
        models: [
          ['纯棉帆布托特包', 'Cotton Canvas Tote Bag'],
          ['拉链帆布袋', 'Zippered Canvas Tote'],
          ['环保购物袋', 'Reusable Grocery Bag'],
          ['双肩抽绳包', 'Drawstring Backpack'],
          ['大容量沙滩包', 'Oversized Beach Tote'],
        ],
      },
      {
        code: 'PC',
        shape: 'case',
        name: '手机壳',
        nameEn: 'Phone cases',
        supplier: '深圳数码配件',
        cost: 700,
        weightG: 40,
        box: [180, 100, 20],
        colours: [CLEAR, BLACK],
        sizes: ['iPhone 15', 'iPhone 15 Pro', 'iPhone 16', 'Galaxy S24'],
        areas: [area('back', [270, 120, 260, 555], [75, 160])],
        attributes: { 材质: 'TPU + PC' },
        attributesEn: { Material: 'TPU + PC' },
        models: [
          ['透明防摔手机壳', 'Clear Shockproof Phone Case'],
          ['磨砂硬壳手机壳', 'Matte Hard Phone Case'],
          ['磁吸手机壳', 'MagSafe Compatible Phone Case'],
          ['硅胶软壳', 'Silicone Soft Phone Case'],
          ['钱包翻盖手机壳', 'Wallet Flip Phone Case'],
        ],
      },
    ],
  },
];

const DAY_MS = 86_400_000;

/** zh-CN names of the sizes that are words; codes and measures (M, 11oz, A3) read the same. */
const SIZE_ZH: Record<string, string> = { 'One Size': '均码', Standard: '标准', Large: '大号' };

/** Up to `max` colour × size pairs, spread over both lists so a product shows several of each. */
function variants(kind: Kind, modelIndex: number): Array<{ colour: Colour; size: string }> {
  if (modelIndex === 0 && kind.firstModelColours) {
    return kind.firstModelColours.flatMap((colour) => kind.sizes.map((size) => ({ colour, size })));
  }
  const all = kind.colours.flatMap((colour) => kind.sizes.map((size) => ({ colour, size })));
  const count = Math.min(all.length, 2 + ((modelIndex * 3) % 5));
  const step = Math.max(1, Math.floor(all.length / count));
  return Array.from({ length: count }, (_, i) => all[(i * step + modelIndex) % all.length]!);
}

/**
 * The colours a product's pictures show: each of its SKUs' colours, led by one varied between
 * models, so lists (which show the first picture) do not all show the same colour.
 */
function pictureColours(kind: Kind, modelIndex: number): Colour[] {
  const colours = [...new Set(variants(kind, modelIndex).map((v) => v.colour))];
  const lead = colours[modelIndex % colours.length]!;
  return [lead, ...colours.filter((c) => c !== lead)];
}

interface DemoImageRow {
  key: string;
  color: string;
  printAreas: PrintArea[];
  picture: DemoPicture;
}

/** Front and back in each of the product's colours, the lead colour first. */
function demoImages(kind: Kind, modelIndex: number): DemoImageRow[] {
  const slug = `${kind.code.toLowerCase()}-${modelIndex + 1}`;
  const views: DemoView[] = ['front', 'back'];
  return pictureColours(kind, modelIndex).flatMap((colour) =>
    views.map((view) => {
      const printAreas = kind.areas.filter((a) => (a.name === 'back') === (view === 'back'));
      const picture: DemoPicture = {
        shape: kind.shape,
        view,
        colour: colour.hex,
        model: modelIndex,
        sheen: colour.code === 'GLS',
      };
      const name = `${slug}-${view}-${demoImageDigest(picture)}`;
      return {
        key: platformObjectKey('demo', name, 'png'),
        color: colour.name,
        printAreas,
        picture,
      };
    }),
  );
}

export interface SeedCatalogOptions {
  /**
   * Where the product pictures are rendered to. Without it only the rows are written and their
   * URLs answer 404, which suits callers that look at the rows alone.
   */
  storage?: ObjectStorage;
  now?: Date;
}

/**
 * Demo parent library: a two-level category tree (11 categories) and 41 products with images, print areas and
 * SKUs. Runs only while the catalogue is empty, so operators' edits are never overwritten and the pictures are
 * rendered once. Written at table level: the platform catalogue has no creating service (it is
 * platform data, read by every seller's services).
 */
export async function seedCatalog(db: Db, opts: SeedCatalogOptions = {}): Promise<boolean> {
  const { storage, now = new Date() } = opts;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.catalogSeed})`);
    const [existing] = await tx.select({ id: categories.id }).from(categories).limit(1);
    if (existing) return false;

    // In product order, as the loop below numbers them.
    const images = TREE.flatMap((root) =>
      root.kinds.flatMap((kind) => kind.models.map((_, i) => demoImages(kind, i))),
    );
    const urlOf = (key: string) => (storage ? storage.url(key) : FILES_URL_PREFIX + key);
    if (storage) {
      // Rendered and stored before any row, so a failure leaves no row pointing at a missing picture.
      // Pictures that come out the same in two colours (a poster's back) share one object.
      const unique = new Map(images.flat().map((image) => [image.key, image]));
      await Promise.all(
        [...unique.values()].map(async (image) => {
          const bytes = await renderDemoImage(image.picture);
          await storage.put(image.key, bytes, CONTENT_TYPES.png);
        }),
      );
    }

    let productNo = 0;
    for (const [rootIndex, root] of TREE.entries()) {
      const [parent] = await tx
        .insert(categories)
        .values({ name: root.name, nameEn: root.nameEn, orderNum: rootIndex })
        .returning({ id: categories.id });
      for (const [kindIndex, kind] of root.kinds.entries()) {
        const [category] = await tx
          .insert(categories)
          .values({
            parentId: parent!.id,
            name: kind.name,
            nameEn: kind.nameEn,
            orderNum: kindIndex,
          })
          .returning({ id: categories.id });
        for (const [modelIndex, [title, titleEn]] of kind.models.entries()) {
          productNo += 1;
          const cost = kind.cost + modelIndex * 150;
          const createdAt = new Date(now.getTime() - productNo * DAY_MS);
          const [product] = await tx
            .insert(parentProducts)
            .values({
              categoryId: category!.id,
              title,
              titleEn,
              supplier: kind.supplier,
              costMinor: cost,
              weightG: kind.weightG + modelIndex * 10,
              lengthMm: kind.box[0],
              widthMm: kind.box[1],
              heightMm: kind.box[2],
              attributes: kind.attributes,
              attributesEn: kind.attributesEn,
              createdAt,
              updatedAt: createdAt,
            })
            .returning({ id: parentProducts.id });
          await tx.insert(parentProductImages).values(
            images[productNo - 1]!.map((image, orderNum) => ({
              productId: product!.id,
              url: urlOf(image.key),
              color: image.color,
              orderNum,
              printAreas: image.printAreas,
            })),
          );
          await tx.insert(parentSkus).values(
            variants(kind, modelIndex).map(({ colour, size }, i) => ({
              productId: product!.id,
              sku: `${kind.code}${String(productNo).padStart(3, '0')}-${colour.code}-${size.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}`,
              color: colour.name,
              colorZh: colour.nameZh,
              size,
              sizeZh: SIZE_ZH[size] ?? '',
              costMinor: cost + (i % kind.sizes.length) * 100,
              stock: 50 + ((productNo * 37 + i * 11) % 450),
            })),
          );
        }
      }
    }
    return true;
  });
}
