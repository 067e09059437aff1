/**
 * The marketplaces a store can be authorized on and their sites. A store's `market_site_id` is
 * one of these ids; they never change once shipped because stored rows point at them.
 */
export const MARKETPLACES = ['amazon', 'shopify', 'shopee', 'temu'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];

export const MARKETPLACE_NAMES: Record<Marketplace, string> = {
  amazon: 'Amazon',
  shopify: 'Shopify',
  shopee: 'Shopee',
  temu: 'Temu',
};

export interface MarketSiteInfo {
  id: number;
  marketplace: Marketplace;
  /** Country or site code as the marketplace names it (`GB` for Amazon UK). */
  code: string;
  name: string;
  nameZh: string;
  currency: string;
  /** The marketplace's own id for the site: Amazon marketplaceId, Temu regionId, Shopee region. */
  remoteId: string;
  /** Authorization region: one Amazon authorization covers every site of its region. */
  region: string;
  /** Language of listings on the site (BCP 47), for translation between sites. */
  language: string;
}

const amazon = (
  id: number,
  code: string,
  name: string,
  nameZh: string,
  currency: string,
  remoteId: string,
  region: 'NA' | 'EU' | 'FE',
  language: string,
): MarketSiteInfo => ({
  id,
  marketplace: 'amazon',
  code,
  name,
  nameZh,
  currency,
  remoteId,
  region,
  language,
});

export const MARKET_SITES: readonly MarketSiteInfo[] = [
  amazon(1, 'US', 'United States', '美国', 'USD', 'ATVPDKIKX0DER', 'NA', 'en-US'),
  amazon(2, 'CA', 'Canada', '加拿大', 'CAD', 'A2EUQ1WTGCTBG2', 'NA', 'en-CA'),
  amazon(3, 'MX', 'Mexico', '墨西哥', 'MXN', 'A1AM78C64UM0Y8', 'NA', 'es-MX'),
  amazon(4, 'BR', 'Brazil', '巴西', 'BRL', 'A2Q3Y263D00KWC', 'NA', 'pt-BR'),
  amazon(5, 'GB', 'United Kingdom', '英国', 'GBP', 'A1F83G8C2ARO7P', 'EU', 'en-GB'),
  amazon(6, 'DE', 'Germany', '德国', 'EUR', 'A1PA6795UKMFR9', 'EU', 'de-DE'),
  amazon(7, 'FR', 'France', '法国', 'EUR', 'A13V1IB3VIYZZH', 'EU', 'fr-FR'),
  amazon(8, 'IT', 'Italy', '意大利', 'EUR', 'APJ6JRA9NG5V4', 'EU', 'it-IT'),
  amazon(9, 'ES', 'Spain', '西班牙', 'EUR', 'A1RKKUPIHCS9HS', 'EU', 'es-ES'),
  amazon(10, 'NL', 'Netherlands', '荷兰', 'EUR', 'A1805IZSGTT6HS', 'EU', 'nl-NL'),
  amazon(11, 'SE', 'Sweden', '瑞典', 'SEK', 'A2NODRKZP88ZB9', 'EU', 'sv-SE'),
  amazon(12, 'PL', 'Poland', '波兰', 'PLN', 'A1C3SOZRARQ6R3', 'EU', 'pl-PL'),
  amazon(13, 'JP', 'Japan', '日本', 'JPY', 'A1VC38T7YXB528', 'FE', 'ja-JP'),
  amazon(14, 'AU', 'Australia', '澳大利亚', 'AUD', 'A39IBJ37TRP1C6', 'FE', 'en-AU'),
  amazon(15, 'SG', 'Singapore', '新加坡', 'SGD', 'A19VAU5U5O7RUS', 'FE', 'en-SG'),
  {
    id: 101,
    marketplace: 'shopify',
    code: 'GLOBAL',
    name: 'Online store',
    nameZh: '独立站',
    currency: 'USD',
    remoteId: 'GLOBAL',
    region: 'GLOBAL',
    language: 'en-US',
  },
  ...(
    [
      [201, 'SG', 'Singapore', '新加坡', 'SGD', 'en-SG'],
      [202, 'MY', 'Malaysia', '马来西亚', 'MYR', 'en-MY'],
      [203, 'TH', 'Thailand', '泰国', 'THB', 'th-TH'],
      [204, 'TW', 'Taiwan', '台湾', 'TWD', 'zh-TW'],
      [205, 'VN', 'Vietnam', '越南', 'VND', 'vi-VN'],
      [206, 'PH', 'Philippines', '菲律宾', 'PHP', 'en-PH'],
      [207, 'ID', 'Indonesia', '印度尼西亚', 'IDR', 'id-ID'],
      [208, 'BR', 'Brazil', '巴西', 'BRL', 'pt-BR'],
      [209, 'MX', 'Mexico', '墨西哥', 'MXN', 'es-MX'],
    ] as const
  ).map(([id, code, name, nameZh, currency, language]): MarketSiteInfo => ({
    id,
    marketplace: 'shopee',
    code,
    name,
    nameZh,
    currency,
    remoteId: code,
    region: code === 'BR' ? 'BR' : 'GLOBAL',
    language,
  })),
  // Temu's regionId is confirmed only for the US (211); other sites are added once their ids are.
  {
    id: 301,
    marketplace: 'temu',
    code: 'US',
    name: 'United States',
    nameZh: '美国',
    currency: 'USD',
    remoteId: '211',
    region: 'US',
    language: 'en-US',
  },
];

const SITES_BY_ID = new Map(MARKET_SITES.map((s) => [s.id, s]));

export function marketSiteById(id: number): MarketSiteInfo | undefined {
  return SITES_BY_ID.get(id);
}

export function sitesOf(marketplace: Marketplace): MarketSiteInfo[] {
  return MARKET_SITES.filter((s) => s.marketplace === marketplace);
}
