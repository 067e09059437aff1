import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_LOGINS, seedBase, seedDemo } from '../src/seed/seed.ts';

// `npm run bench` (catalogue part) runs this before starting the server on the same database:
// base data, the demo seller and catalogue, then 100,000 parent and 100,000 finished products
// written by INSERT … SELECT generate_series, so seeding stays well under a minute.
// Reads DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite under DATA_DIR/pglite, as the server does).
const PARENTS = Number(process.env.BENCH_PARENTS ?? 100_000);
const FINISHED = Number(process.env.BENCH_FINISHED ?? 100_000);
const DEMO_FINISHED = Math.round(FINISHED / 5);
const OTHER_SELLERS = 49;

const ZH_ADJ = ['纯棉', '加厚', '宽松', '修身', '复古', '简约', '印花', '圆领'];
const ZH_ADJ2 = ['连帽', '速干', '亲子', '情侣', '保暖', '透气', '刺绣', '水洗'];
const ZH_NOUN = ['T恤', '卫衣', '帆布袋', '马克杯', '抱枕', '手机壳', '棒球帽', '围裙'];
const ZH_NOUN2 = ['毛毯', '鼠标垫', '帆布鞋', '袜子', '背包', '挂画', '保温杯', '短裤'];
const EN_ADJ = ['Cotton', 'Heavyweight', 'Oversized', 'Slim', 'Vintage', 'Minimal', 'Printed'];
const EN_ADJ2 = ['Crew-neck', 'Hooded', 'Quick-dry', 'Family', 'Couple', 'Warm', 'Embroidered'];
const EN_NOUN = ['T-shirt', 'Hoodie', 'Tote bag', 'Mug', 'Cushion', 'Phone case', 'Baseball cap'];
const EN_NOUN2 = ['Apron', 'Blanket', 'Mouse pad', 'Canvas shoes', 'Socks', 'Backpack', 'Tumbler'];
const MOTIFS = ['猫咪', '星空', '山海', '樱花', 'Cat', 'Galaxy', 'Retro sunset', 'Floral', 'Skull'];
const COLOURS = ['白色', '黑色', '灰色', '藏青', '红色', '米色'];
const SIZES = ['S', 'M', 'L', 'XL', '2XL'];

/** A text[] literal for SQL; the words above are constants, never user input. */
function words(list: readonly string[]) {
  return sql.raw(`(ARRAY[${list.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]::text[])`);
}

/** Pseudo-random but repeatable 0…2^31-1 from an integer expression and a salt. */
function hashOf(expr: string, salt: number) {
  return sql.raw(`(hashint4((${expr})::int + ${salt}) & 2147483647)`);
}

const database = await openDatabase({
  url: process.env.DATABASE_URL,
  dataDir: process.env.DATABASE_URL ? null : path.join(process.env.DATA_DIR ?? './data'),
});
const { db } = database;
const started = performance.now();
const step = async (label: string, query: ReturnType<typeof sql>) => {
  const t0 = performance.now();
  await db.execute(query);
  console.log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
};

try {
  await seedBase(db, { operatorPassword: DEMO_LOGINS.admin.password });
  await seedDemo(db);
  const demo = await db.execute<{ seller_id: number }>(
    sql`select seller_id from users where email = ${DEMO_LOGINS.seller.email}`,
  );
  const demoSeller = Number(demo.rows[0]!.seller_id);
  const firstParent = Number(
    (
      await db.execute<{ n: number }>(
        sql`select coalesce(max(id), 0) + 1 as n from parent_products`,
      )
    ).rows[0]!.n,
  );

  await step(
    'sellers',
    sql`insert into sellers (name) select 'Bench seller ' || g from generate_series(1, ${OTHER_SELLERS}) g`,
  );

  const h = (salt: number) => hashOf('g', salt);
  await step(
    `${PARENTS} parent products`,
    sql`
      with leaf as (
        select array_agg(c.id order by c.id) as ids from categories c
        where not exists (select 1 from categories k where k.parent_id = c.id)
      )
      insert into parent_products
        (category_id, title, title_en, supplier, cost_minor, weight_g, length_mm, width_mm,
         height_mm, attributes, status, created_at, updated_at)
      select
        leaf.ids[1 + ${h(1)} % array_length(leaf.ids, 1)],
        (case when ${h(2)} % 2 = 0 then ${words(ZH_ADJ)} else ${words(ZH_ADJ2)} end)[1 + ${h(3)} % 8]
          || (case when ${h(4)} % 2 = 0 then ${words(ZH_NOUN)} else ${words(ZH_NOUN2)} end)[1 + ${h(5)} % 8]
          || ' K' || g,
        (case when ${h(2)} % 2 = 0 then ${words(EN_ADJ)} else ${words(EN_ADJ2)} end)[1 + ${h(3)} % 7]
          || ' ' || (case when ${h(4)} % 2 = 0 then ${words(EN_NOUN)} else ${words(EN_NOUN2)} end)[1 + ${h(5)} % 7]
          || ' K' || g,
        'Supplier ' || (${h(6)} % 40),
        300 + ${h(7)} % 20000,
        100 + ${h(8)} % 900, 300, 200, 20,
        jsonb_build_object('material', 'cotton'),
        case when ${h(9)} % 20 = 0 then 'off' else 'on' end,
        now() - make_interval(secs => g * 300 + ${h(10)} % 300),
        now() - make_interval(secs => g * 300)
      from generate_series(1, ${PARENTS}) g cross join leaf`,
  );
  await step(
    'parent images',
    sql`insert into parent_product_images (product_id, url, order_num)
        select id, '/api/files/bench/parent-' || (id % 50) || '.png', 0
        from parent_products where id >= ${firstParent}`,
  );

  const f = (salt: number) => hashOf('g', salt);
  await step(
    `${FINISHED} finished products (${DEMO_FINISHED} for the demo seller)`,
    sql`
      with others as (
        select array_agg(id order by id) as ids from sellers where name like 'Bench seller %'
      ),
      picks as (
        select g, ${firstParent} + ${f(11)} % ${PARENTS} as parent_id
        from generate_series(1, ${FINISHED}) g
      )
      insert into finished_products
        (seller_id, parent_product_id, category_id, source, title, price_minor, cost_minor,
         shared_at, created_at, updated_at)
      select
        case when g <= ${DEMO_FINISHED} then ${demoSeller}
             else others.ids[1 + g % ${OTHER_SELLERS}] end,
        p.id, p.category_id,
        (array['parent','platform','duplicate','merge','design'])[1 + ${f(12)} % 5],
        p.title || ' ' || ${words(MOTIFS)}[1 + ${f(13)} % ${MOTIFS.length}],
        p.cost_minor + 500 + ${f(14)} % 8000,
        p.cost_minor,
        case when ${f(15)} % 10 = 0 then now() - make_interval(secs => g * 60) end,
        now() - make_interval(secs => g * 250 + ${f(16)} % 250),
        now() - make_interval(secs => g * 250)
      from picks join parent_products p on p.id = picks.parent_id cross join others`,
  );
  await step(
    'finished SKUs (2 each)',
    sql`insert into finished_skus
          (product_id, seller_id, sku_code, color, size, price_minor, cost_minor, order_num)
        select fp.id, fp.seller_id, 'BS' || fp.id || '-' || n,
          ${words(COLOURS)}[1 + (fp.id + n) % ${COLOURS.length}],
          ${words(SIZES)}[1 + (fp.id + n) % ${SIZES.length}],
          fp.price_minor + n * 100, fp.cost_minor, n
        from finished_products fp cross join generate_series(0, 1) n`,
  );
  await step(
    'finished SKU search text',
    sql`update finished_products fp set sku_text = s.codes
        from (select product_id, string_agg(lower(sku_code), ' ' order by order_num) codes
              from finished_skus group by product_id) s
        where s.product_id = fp.id`,
  );
  await step(
    'finished images',
    sql`insert into finished_product_images (product_id, url, kind, order_num)
        select id, '/api/files/bench/finished-' || (id % 50) || '.png', 'image', 0
        from finished_products`,
  );
  await step('analyze', sql`analyze`);
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
}
