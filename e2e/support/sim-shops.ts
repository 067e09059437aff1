import { createHash, createHmac } from 'node:crypto';
import { makePng } from './png.ts';
import { baseURL } from './target.ts';

/**
 * The Temu and Shopee simulators read as the marketplaces themselves answer, with the
 * simulators' app credentials (packages/sim `SIM_TEMU_DEFAULTS`, `SIM_SHOPEE_DEFAULTS`): what
 * a seller would see in Seller Center, not what our server says it did.
 */
const TEMU_APP = {
  appKey: 'sim-temu-app-key-000000000000000',
  appSecret: 'sim-temu-app-secret-not-for-real-use',
};
const SHOPEE_PARTNER = { id: 2001887, key: 'sim-shopee-partner-key-not-for-real-use' };

const now = () => Math.floor(Date.now() / 1000);

// ---- Temu ---------------------------------------------------------------------------------

/** Temu's sign (reference 4.3): MD5 over secret + sorted key/value pairs + secret, uppercase. */
function temuSign(params: Record<string, unknown>): string {
  const joined = Object.keys(params)
    .sort()
    .map((k) => k + (typeof params[k] === 'string' ? params[k] : JSON.stringify(params[k])))
    .join('');
  const { appSecret } = TEMU_APP;
  return createHash('md5')
    .update(appSecret + joined + appSecret)
    .digest('hex')
    .toUpperCase();
}

export interface TemuGoods {
  goodsId: number;
  goodsName: string;
  outGoodsSn: string;
  /** 1 on shelf, 2 off shelf. */
  status4VO: number;
  quantity: number;
  skuInfoList: Array<{ outSkuSn: string; price: string; quantity: number }>;
}

/** A mall's goods on Temu, with a token Seller Center shows for the mall ("manual" consent). */
export async function temuGoods(mallId: string, deleted = false): Promise<TemuGoods[]> {
  const sim = `${baseURL}/__sim/temu`;
  const page = await fetch(`${sim}/authorize`, {
    method: 'POST',
    body: new URLSearchParams({
      app_key: TEMU_APP.appKey,
      redirect_url: `${baseURL}/e2e-callback`,
      mall_id: mallId,
      decision: 'token',
    }),
  });
  const token = /<textarea[^>]*>([^<]+)<\/textarea>/.exec(await page.text())![1]!;
  const params: Record<string, unknown> = {
    type: 'bg.local.goods.list.query',
    app_key: TEMU_APP.appKey,
    access_token: token,
    timestamp: String(now()),
    data_type: 'JSON',
    pageNo: 1,
    pageSize: 100,
    goodsSearchType: deleted ? 6 : 1,
    goodsStatusFilterType: 1,
  };
  const answer = await fetch(`${sim}/openapi/router`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...params, sign: temuSign(params) }),
  });
  const body = (await answer.json()) as { success: boolean; result: { goodsList: TemuGoods[] } };
  if (!body.success) throw new Error(`Temu goods query refused: ${JSON.stringify(body)}`);
  return body.result.goodsList;
}

// ---- Shopee -------------------------------------------------------------------------------

const shopeeSign = (...parts: Array<string | number>) =>
  createHmac('sha256', SHOPEE_PARTNER.key).update(parts.join('')).digest('hex');

export interface ShopeeItem {
  item_id: number;
  item_name: string;
  item_sku: string;
  item_status: string;
  stock_info_v2: { summary_info: { total_available_stock: number } };
}

/** A Shopee shop as the Open Platform answers it, after the shop's own consent. */
export class ShopeeShop {
  private constructor(
    readonly shopId: number,
    private readonly token: string,
  ) {}

  private static readonly sim = `${baseURL}/__sim/shopee`;

  /** Consents for the shop of `region` (the consent page's choice) and exchanges the code. */
  static async open(region: string): Promise<ShopeeShop> {
    const path = '/api/v2/shop/auth_partner';
    const ts = now();
    const consent = await fetch(`${ShopeeShop.sim}${path}`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        partner_id: String(SHOPEE_PARTNER.id),
        timestamp: String(ts),
        sign: shopeeSign(SHOPEE_PARTNER.id, path, ts),
        redirect: `${baseURL}/e2e-callback`,
        region,
        decision: 'authorize',
      }),
    });
    const back = new URL(consent.headers.get('location')!);
    const shopId = Number(back.searchParams.get('shop_id'));
    const tokenPath = '/api/v2/auth/token/get';
    const answer = await ShopeeShop.publicCall(tokenPath, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        code: back.searchParams.get('code'),
        shop_id: shopId,
        partner_id: SHOPEE_PARTNER.id,
      }),
    });
    return new ShopeeShop(shopId, (answer as { access_token: string }).access_token);
  }

  private static async publicCall(path: string, init: RequestInit): Promise<unknown> {
    const ts = now();
    const query = new URLSearchParams({
      partner_id: String(SHOPEE_PARTNER.id),
      timestamp: String(ts),
      sign: shopeeSign(SHOPEE_PARTNER.id, path, ts),
    });
    const answer = await fetch(`${ShopeeShop.sim}${path}?${query}`, init);
    const body = (await answer.json()) as { error: string; message: string };
    if (body.error) throw new Error(`${path}: ${body.error} ${body.message}`);
    return body;
  }

  private async call<T>(path: string, query: URLSearchParams, body?: unknown): Promise<T> {
    const ts = now();
    const params = new URLSearchParams({
      partner_id: String(SHOPEE_PARTNER.id),
      timestamp: String(ts),
      access_token: this.token,
      shop_id: String(this.shopId),
      sign: shopeeSign(SHOPEE_PARTNER.id, path, ts, this.token, this.shopId),
    });
    for (const [k, v] of query) params.append(k, v);
    const answer = await fetch(`${ShopeeShop.sim}${path}?${params}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await answer.json()) as { error: string; message: string; response: T };
    if (json.error) throw new Error(`${path}: ${json.error} ${json.message}`);
    return json.response;
  }

  /** The shop's first 100 items in the given statuses, with their base info. */
  async items(statuses = ['NORMAL', 'UNLIST']): Promise<ShopeeItem[]> {
    const query = new URLSearchParams({ offset: '0', page_size: '100' });
    for (const s of statuses) query.append('item_status', s);
    const list = await this.call<{ item: Array<{ item_id: number }> }>(
      '/api/v2/product/get_item_list',
      query,
    );
    const ids = list.item.map((i) => i.item_id);
    const items: ShopeeItem[] = [];
    for (let i = 0; i < ids.length; i += 50) {
      const info = await this.call<{ item_list: ShopeeItem[] }>(
        '/api/v2/product/get_item_base_info',
        new URLSearchParams({ item_id_list: ids.slice(i, i + 50).join(',') }),
      );
      items.push(...info.item_list);
    }
    return items;
  }

  /** An item made in Seller Centre (not through our app), for synchronisation to pull. */
  async addItem(name: string, sku: string): Promise<number> {
    const form = new FormData();
    form.append(
      'image',
      new Blob([new Uint8Array(makePng(64, 64, () => [238, 77, 45, 255]))]),
      'item.png',
    );
    const upload = (await ShopeeShop.publicCall('/api/v2/media_space/upload_image', {
      method: 'POST',
      body: form,
    })) as { response: { image_info: { image_id: string } } };
    const item = await this.call<{ item_id: number }>(
      '/api/v2/product/add_item',
      new URLSearchParams(),
      {
        item_name: name,
        item_sku: sku,
        description: `${name}, listed in Seller Centre`,
        original_price: 19.9,
        weight: 0.2,
        category_id: 100022,
        image: { image_id_list: [upload.response.image_info.image_id] },
        logistic_info: [{ logistic_id: 18025, enabled: true }],
        seller_stock: [{ stock: 9 }],
      },
    );
    return item.item_id;
  }
}
