/**
 * A small slice of Shopify's Standard Product Taxonomy. Names follow the published taxonomy; the
 * short ids (`aa-1-13-8`) follow its scheme but are [U]: not re-read for each category.
 */
export interface SimCategory {
  id: string;
  name: string;
  parentId: string | null;
  attributes: SimAttribute[];
}

export type SimAttribute =
  | { kind: 'choice'; id: string; name: string; values: string[] }
  | { kind: 'measurement'; id: string; name: string };

const GID = 'gid://shopify/TaxonomyCategory/';
const ATTRIBUTE_GID = 'gid://shopify/TaxonomyAttribute/';

const choice = (n: number, name: string, values: string[]): SimAttribute => ({
  kind: 'choice',
  id: `${ATTRIBUTE_GID}${n}`,
  name,
  values,
});

const COLOR = choice(1, 'Color', [
  'Black',
  'White',
  'Grey',
  'Navy',
  'Red',
  'Green',
  'Blue',
  'Pink',
]);
const SIZE = choice(2, 'Size', ['XS', 'S', 'M', 'L', 'XL', 'XXL']);
const FABRIC = choice(3, 'Fabric', ['Cotton', 'Polyester', 'Linen', 'Wool', 'Viscose']);
const TARGET_GENDER = choice(4, 'Target gender', ['Female', 'Male', 'Unisex']);
const SLEEVE = choice(5, 'Sleeve length type', ['Short', 'Long', 'Sleeveless', '3/4']);
const NECKLINE = choice(6, 'Neckline', ['Crew', 'V-neck', 'Collared', 'Scoop']);
const MATERIAL = choice(7, 'Material', ['Ceramic', 'Glass', 'Stainless steel', 'Porcelain']);
const CAPACITY: SimAttribute = { kind: 'measurement', id: `${ATTRIBUTE_GID}8`, name: 'Capacity' };

const CLOTHING_TOP = [COLOR, SIZE, FABRIC, TARGET_GENDER, SLEEVE, NECKLINE];
const DRINKWARE = [COLOR, MATERIAL, CAPACITY];

const tree: Array<[string, string, string | null, SimAttribute[]]> = [
  ['aa', 'Apparel & Accessories', null, [COLOR]],
  ['aa-1', 'Clothing', 'aa', [COLOR, SIZE]],
  ['aa-1-13', 'Clothing Tops', 'aa-1', CLOTHING_TOP],
  ['aa-1-13-8', 'T-Shirts', 'aa-1-13', CLOTHING_TOP],
  ['aa-1-13-7', 'Shirts', 'aa-1-13', CLOTHING_TOP],
  ['aa-1-13-11', 'Tank Tops', 'aa-1-13', CLOTHING_TOP],
  ['aa-1-10', 'Outerwear', 'aa-1', [COLOR, SIZE, FABRIC]],
  ['aa-1-10-2', 'Coats & Jackets', 'aa-1-10', [COLOR, SIZE, FABRIC, TARGET_GENDER]],
  ['aa-2', 'Clothing Accessories', 'aa', [COLOR]],
  ['aa-2-17', 'Hats', 'aa-2', [COLOR, SIZE, FABRIC]],
  ['hg', 'Home & Garden', null, [COLOR]],
  ['hg-11', 'Kitchen & Dining', 'hg', [COLOR, MATERIAL]],
  ['hg-11-10', 'Tableware', 'hg-11', DRINKWARE],
  ['hg-11-10-5', 'Drinkware', 'hg-11-10', DRINKWARE],
  ['hg-11-10-5-6', 'Mugs', 'hg-11-10-5', DRINKWARE],
  ['hg-11-10-5-9', 'Tumblers', 'hg-11-10-5', DRINKWARE],
  ['hg-3', 'Decor', 'hg', [COLOR, MATERIAL]],
  ['hg-3-62', 'Throw Pillows', 'hg-3', [COLOR, FABRIC]],
  ['el', 'Electronics', null, [COLOR]],
  ['el-4', 'Communications', 'el', [COLOR]],
  ['el-4-8', 'Telephony', 'el-4', [COLOR]],
];

export const CATEGORIES: readonly SimCategory[] = tree.map(([id, name, parent, attributes]) => ({
  id: `${GID}${id}`,
  name,
  parentId: parent ? `${GID}${parent}` : null,
  attributes,
}));

export const categoryById = (id: string) => CATEGORIES.find((c) => c.id === id) ?? null;

export const isLeaf = (category: SimCategory) =>
  !CATEGORIES.some((c) => c.parentId === category.id);

export function fullName(category: SimCategory): string {
  const names: string[] = [];
  for (let c: SimCategory | null = category; c; c = c.parentId ? categoryById(c.parentId) : null) {
    names.unshift(c.name);
  }
  return names.join(' > ');
}
