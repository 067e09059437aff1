import { z } from 'zod';
import { MARKETPLACES, type Marketplace } from '../markets.ts';
import { queryInt } from './common.ts';

/**
 * The platform's logistics channels (issue 7): the channel an order ships by and the shape of
 * its tracking numbers. The list is fixed in code (ids never change once shipped, since orders
 * store them); `save-logistics` refuses an unknown channel, one that does not serve the order's
 * marketplace, and a tracking number that does not match the channel's pattern.
 */
export const LogisticsChannel = z.object({
  id: z.number().int(),
  code: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  carrier: z.string(),
  /** A JavaScript/PostgreSQL-compatible regular expression the whole tracking number matches. */
  tracking_pattern: z.string(),
  /** One valid tracking number, shown as the input's placeholder. */
  tracking_example: z.string(),
  marketplaces: z.array(z.enum(MARKETPLACES)),
  /** Destination country codes (ISO 3166-1 alpha-2). */
  zones: z.array(z.string()),
});
export type LogisticsChannel = z.infer<typeof LogisticsChannel>;

const ALL: Marketplace[] = ['amazon', 'shopify', 'shopee', 'temu'];
const WEST: Marketplace[] = ['amazon', 'shopify', 'temu'];
const EU = ['GB', 'DE', 'FR', 'IT', 'ES', 'NL', 'SE', 'PL'];
const NA = ['US', 'CA', 'MX'];
const SEA = ['SG', 'MY', 'TH', 'TW', 'VN', 'PH', 'ID'];

export const LOGISTICS_CHANNELS: readonly LogisticsChannel[] = [
  {
    id: 1,
    code: 'YANWEN-SL',
    name_en: 'Yanwen Special Line (tracked)',
    name_zh: '燕文专线追踪',
    carrier: 'Yanwen',
    tracking_pattern: '^(UG|UH|UI)[0-9]{9}YP$',
    tracking_example: 'UG123456789YP',
    marketplaces: WEST,
    zones: [...NA, ...EU, 'AU', 'JP', 'BR'],
  },
  {
    id: 2,
    code: '4PX-GP',
    name_en: '4PX Global Priority',
    name_zh: '递四方全球速递',
    carrier: '4PX',
    tracking_pattern: '^4PX[0-9]{13}CN$',
    tracking_example: '4PX3001234567890CN',
    marketplaces: ALL,
    zones: [...NA, ...EU, 'AU', 'JP', ...SEA],
  },
  {
    id: 3,
    code: 'CAINIAO-SS',
    name_en: 'Cainiao Super Saver',
    name_zh: '菜鸟超级经济',
    carrier: 'Cainiao',
    tracking_pattern: '^LP[0-9]{14}$',
    tracking_example: 'LP00123456789012',
    marketplaces: ALL,
    zones: [...NA, ...EU, ...SEA, 'BR'],
  },
  {
    id: 4,
    code: 'YUN-EXPRESS',
    name_en: 'YunExpress Standard',
    name_zh: '云途全球专线挂号',
    carrier: 'YunExpress',
    tracking_pattern: '^YT[0-9]{16}$',
    tracking_example: 'YT2012345678901234',
    marketplaces: WEST,
    zones: [...NA, ...EU, 'AU', 'JP'],
  },
  {
    id: 5,
    code: 'CNPOST-RA',
    name_en: 'China Post Registered Air Mail',
    name_zh: '中国邮政挂号小包',
    carrier: 'China Post',
    tracking_pattern: '^R[A-Z][0-9]{9}CN$',
    tracking_example: 'RR123456789CN',
    marketplaces: ALL,
    zones: [...NA, ...EU, ...SEA, 'AU', 'JP', 'BR'],
  },
  {
    id: 6,
    code: 'CNPOST-EPACKET',
    name_en: 'China Post ePacket',
    name_zh: '中国邮政 e 邮宝',
    carrier: 'China Post',
    tracking_pattern: '^L[A-Z][0-9]{9}CN$',
    tracking_example: 'LX123456789CN',
    marketplaces: WEST,
    zones: [...NA, ...EU, 'AU', 'JP'],
  },
  {
    id: 7,
    code: 'DHL-ECOM',
    name_en: 'DHL eCommerce Packet Plus',
    name_zh: 'DHL 电子商务小包',
    carrier: 'DHL eCommerce',
    tracking_pattern: '^GM[0-9]{16,18}$',
    tracking_example: 'GM6051234567890123',
    marketplaces: WEST,
    zones: [...NA, ...EU, 'AU'],
  },
  {
    id: 8,
    code: 'UPS-SAVER',
    name_en: 'UPS Worldwide Saver',
    name_zh: 'UPS 全球速快',
    carrier: 'UPS',
    tracking_pattern: '^1Z[0-9A-Z]{16}$',
    tracking_example: '1Z999AA10123456784',
    marketplaces: WEST,
    zones: [...NA, ...EU, 'AU', 'JP'],
  },
  {
    id: 9,
    code: 'USPS-PARTNER',
    name_en: 'USPS Ground Advantage (via US partner)',
    name_zh: 'USPS 地面优先（美国合作仓）',
    carrier: 'USPS',
    tracking_pattern: '^9[2-5][0-9]{20}$',
    tracking_example: '9400123456789012345678',
    marketplaces: WEST,
    zones: ['US'],
  },
  {
    id: 10,
    code: 'SF-INTL',
    name_en: 'SF International Economy',
    name_zh: '顺丰国际经济',
    carrier: 'SF Express',
    tracking_pattern: '^SF[0-9]{12,13}$',
    tracking_example: 'SF1234567890123',
    marketplaces: ALL,
    zones: [...NA, ...EU, ...SEA, 'AU', 'JP'],
  },
  {
    id: 11,
    code: 'SHOPEE-SLS',
    name_en: 'Shopee Xpress (SLS)',
    name_zh: 'Shopee 官方物流（SLS）',
    carrier: 'Shopee Xpress',
    tracking_pattern: '^(SPX|TW|MY|TH|SG|PH|VN|ID)[A-Z0-9]{10,14}$',
    tracking_example: 'SPXSG012345678',
    marketplaces: ['shopee'],
    zones: [...SEA, 'BR', 'MX'],
  },
  {
    id: 12,
    code: 'JT-EXPRESS',
    name_en: 'J&T Express International',
    name_zh: '极兔国际快递',
    carrier: 'J&T Express',
    tracking_pattern: '^JT[0-9]{10,13}$',
    tracking_example: 'JT0123456789012',
    marketplaces: ['shopee', 'temu'],
    zones: [...SEA, 'MX', 'BR'],
  },
];

const BY_ID = new Map(LOGISTICS_CHANNELS.map((c) => [c.id, c]));

export function logisticsChannelById(id: number): LogisticsChannel | undefined {
  return BY_ID.get(id);
}

/** The channels that serve a marketplace; all of them without one. */
export function logisticsChannelsFor(marketplace?: Marketplace): LogisticsChannel[] {
  return marketplace
    ? LOGISTICS_CHANNELS.filter((c) => c.marketplaces.includes(marketplace))
    : [...LOGISTICS_CHANNELS];
}

/** Whether a tracking number (trimmed, case-insensitive) has the channel's shape. */
export function trackingNumberFits(channel: LogisticsChannel, trackingNumber: string): boolean {
  return new RegExp(channel.tracking_pattern, 'i').test(trackingNumber.trim());
}

export const LogisticsChannelQuery = z.object({
  market_id: queryInt(z.number().int().positive()).optional(),
});
export type LogisticsChannelQuery = z.infer<typeof LogisticsChannelQuery>;

/** The orders a batch screen (logistics, settlement) works on, in the order given. */
export const OrderIdsInput = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(200),
});
export type OrderIdsInput = z.infer<typeof OrderIdsInput>;
