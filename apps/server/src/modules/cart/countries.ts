import type { Country, Region } from '@app/shared';

type Rate = [firstMinor: number, additionalMinor: number];

/**
 * Destinations the platform ships to, with its rates: each country's first 500 g, then each
 * started 500 g. Rates follow the usual cross-border line prices from Shenzhen.
 */
const DESTINATIONS: [code: string, name: string, nameEn: string, phone: string, rate: Rate][] = [
  ['US', '美国', 'United States', '+1', [4500, 1800]],
  ['GB', '英国', 'United Kingdom', '+44', [4200, 1600]],
  ['DE', '德国', 'Germany', '+49', [4200, 1600]],
  ['FR', '法国', 'France', '+33', [4300, 1700]],
  ['IT', '意大利', 'Italy', '+39', [4300, 1700]],
  ['ES', '西班牙', 'Spain', '+34', [4300, 1700]],
  ['NL', '荷兰', 'Netherlands', '+31', [4200, 1600]],
  ['CA', '加拿大', 'Canada', '+1', [4800, 2000]],
  ['AU', '澳大利亚', 'Australia', '+61', [4600, 1900]],
  ['JP', '日本', 'Japan', '+81', [2800, 1000]],
  ['KR', '韩国', 'South Korea', '+82', [2600, 900]],
  ['SG', '新加坡', 'Singapore', '+65', [2500, 900]],
  ['MY', '马来西亚', 'Malaysia', '+60', [2600, 1000]],
  ['TH', '泰国', 'Thailand', '+66', [2600, 1000]],
  ['PH', '菲律宾', 'Philippines', '+63', [2800, 1100]],
  ['VN', '越南', 'Vietnam', '+84', [2500, 900]],
  ['ID', '印度尼西亚', 'Indonesia', '+62', [2900, 1200]],
  ['MX', '墨西哥', 'Mexico', '+52', [5200, 2200]],
  ['BR', '巴西', 'Brazil', '+55', [6500, 2800]],
  ['AE', '阿联酋', 'United Arab Emirates', '+971', [4000, 1500]],
  ['SA', '沙特阿拉伯', 'Saudi Arabia', '+966', [4200, 1600]],
  ['PL', '波兰', 'Poland', '+48', [3900, 1500]],
  ['SE', '瑞典', 'Sweden', '+46', [4400, 1700]],
  ['CN', '中国', 'China', '+86', [1000, 500]],
  ['HK', '中国香港', 'Hong Kong, China', '+852', [1800, 700]],
];

const STEP_G = 500;

export const COUNTRIES: readonly Country[] = DESTINATIONS.map(
  ([code, name, nameEn, phone, [firstMinor, additionalMinor]]) => ({
    code,
    name,
    name_en: nameEn,
    phone_prefix: phone,
    first_weight_g: STEP_G,
    first_minor: firstMinor,
    additional_weight_g: STEP_G,
    additional_minor: additionalMinor,
  }),
);

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));

export function countryOf(code: string): Country | null {
  return BY_CODE.get(code.toUpperCase()) ?? null;
}

/**
 * Shipping for a parcel of `weightG` grams: the first weight band, then every started
 * additional band. A parcel is at least one first band, even of weightless goods.
 */
export function shippingMinor(country: Country, weightG: number): number {
  const beyond = Math.max(0, weightG - country.first_weight_g);
  return (
    country.first_minor + Math.ceil(beyond / country.additional_weight_g) * country.additional_minor
  );
}

const CN_PROVINCES: [string, string, string][] = [
  ['BJ', '北京市', 'Beijing'],
  ['TJ', '天津市', 'Tianjin'],
  ['HE', '河北省', 'Hebei'],
  ['SX', '山西省', 'Shanxi'],
  ['NM', '内蒙古自治区', 'Inner Mongolia'],
  ['LN', '辽宁省', 'Liaoning'],
  ['JL', '吉林省', 'Jilin'],
  ['HL', '黑龙江省', 'Heilongjiang'],
  ['SH', '上海市', 'Shanghai'],
  ['JS', '江苏省', 'Jiangsu'],
  ['ZJ', '浙江省', 'Zhejiang'],
  ['AH', '安徽省', 'Anhui'],
  ['FJ', '福建省', 'Fujian'],
  ['JX', '江西省', 'Jiangxi'],
  ['SD', '山东省', 'Shandong'],
  ['HA', '河南省', 'Henan'],
  ['HB', '湖北省', 'Hubei'],
  ['HN', '湖南省', 'Hunan'],
  ['GD', '广东省', 'Guangdong'],
  ['GX', '广西壮族自治区', 'Guangxi'],
  ['HI', '海南省', 'Hainan'],
  ['CQ', '重庆市', 'Chongqing'],
  ['SC', '四川省', 'Sichuan'],
  ['GZ', '贵州省', 'Guizhou'],
  ['YN', '云南省', 'Yunnan'],
  ['XZ', '西藏自治区', 'Tibet'],
  ['SN', '陕西省', 'Shaanxi'],
  ['GS', '甘肃省', 'Gansu'],
  ['QH', '青海省', 'Qinghai'],
  ['NX', '宁夏回族自治区', 'Ningxia'],
  ['XJ', '新疆维吾尔自治区', 'Xinjiang'],
  ['TW', '台湾省', 'Taiwan'],
];

const US_STATES: [string, string, string][] = [
  ['AL', '亚拉巴马州', 'Alabama'],
  ['AK', '阿拉斯加州', 'Alaska'],
  ['AZ', '亚利桑那州', 'Arizona'],
  ['AR', '阿肯色州', 'Arkansas'],
  ['CA', '加利福尼亚州', 'California'],
  ['CO', '科罗拉多州', 'Colorado'],
  ['CT', '康涅狄格州', 'Connecticut'],
  ['DE', '特拉华州', 'Delaware'],
  ['DC', '哥伦比亚特区', 'District of Columbia'],
  ['FL', '佛罗里达州', 'Florida'],
  ['GA', '佐治亚州', 'Georgia'],
  ['HI', '夏威夷州', 'Hawaii'],
  ['ID', '爱达荷州', 'Idaho'],
  ['IL', '伊利诺伊州', 'Illinois'],
  ['IN', '印第安纳州', 'Indiana'],
  ['IA', '艾奥瓦州', 'Iowa'],
  ['KS', '堪萨斯州', 'Kansas'],
  ['KY', '肯塔基州', 'Kentucky'],
  ['LA', '路易斯安那州', 'Louisiana'],
  ['ME', '缅因州', 'Maine'],
  ['MD', '马里兰州', 'Maryland'],
  ['MA', '马萨诸塞州', 'Massachusetts'],
  ['MI', '密歇根州', 'Michigan'],
  ['MN', '明尼苏达州', 'Minnesota'],
  ['MS', '密西西比州', 'Mississippi'],
  ['MO', '密苏里州', 'Missouri'],
  ['MT', '蒙大拿州', 'Montana'],
  ['NE', '内布拉斯加州', 'Nebraska'],
  ['NV', '内华达州', 'Nevada'],
  ['NH', '新罕布什尔州', 'New Hampshire'],
  ['NJ', '新泽西州', 'New Jersey'],
  ['NM', '新墨西哥州', 'New Mexico'],
  ['NY', '纽约州', 'New York'],
  ['NC', '北卡罗来纳州', 'North Carolina'],
  ['ND', '北达科他州', 'North Dakota'],
  ['OH', '俄亥俄州', 'Ohio'],
  ['OK', '俄克拉何马州', 'Oklahoma'],
  ['OR', '俄勒冈州', 'Oregon'],
  ['PA', '宾夕法尼亚州', 'Pennsylvania'],
  ['RI', '罗得岛州', 'Rhode Island'],
  ['SC', '南卡罗来纳州', 'South Carolina'],
  ['SD', '南达科他州', 'South Dakota'],
  ['TN', '田纳西州', 'Tennessee'],
  ['TX', '得克萨斯州', 'Texas'],
  ['UT', '犹他州', 'Utah'],
  ['VT', '佛蒙特州', 'Vermont'],
  ['VA', '弗吉尼亚州', 'Virginia'],
  ['WA', '华盛顿州', 'Washington'],
  ['WV', '西弗吉尼亚州', 'West Virginia'],
  ['WI', '威斯康星州', 'Wisconsin'],
  ['WY', '怀俄明州', 'Wyoming'],
];

const REGIONS: Record<string, readonly Region[]> = {
  CN: CN_PROVINCES.map(([code, name, nameEn]) => ({ code, name, name_en: nameEn })),
  US: US_STATES.map(([code, name, nameEn]) => ({ code, name, name_en: nameEn })),
};

/** The provinces or states of a country; none listed (free text) for the others. */
export function regionsOf(countryCode: string): readonly Region[] {
  return REGIONS[countryCode.toUpperCase()] ?? [];
}
