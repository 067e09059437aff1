import { describe, expect, it } from 'vitest';
import type { ParentProductImage, PrintArea } from '@app/shared';
import { blankFor, coloursOf, sidesOf } from './blank.ts';

const area = (name: string): PrintArea => ({ name, x: 0, y: 0, width: 100, height: 100 });
const picture = (
  id: number,
  color: string,
  sides: string[],
  orderNum = id,
): ParentProductImage => ({
  id,
  url: `/api/files/${id}.png`,
  color,
  orderNum,
  printAreas: sides.map(area),
});

const product = {
  images: [
    picture(1, 'White', ['front']),
    picture(2, 'White', ['back']),
    picture(3, 'Black', ['front']),
    picture(4, '', ['back', 'sleeve']),
  ],
  skus: [
    { color: 'White', size: 'S' },
    { color: 'Black', size: 'S' },
    { color: 'White', size: 'M' },
  ],
};

describe('blanks', () => {
  it('lists sides in picture order and colours in SKU order', () => {
    expect(sidesOf(product)).toEqual(['front', 'back', 'sleeve']);
    expect(coloursOf(product as never)).toEqual(['White', 'Black']);
  });

  it("shows the side in the chosen colour's picture", () => {
    expect(blankFor(product, 'front', 'Black')?.image.id).toBe(3);
    expect(blankFor(product, 'front', 'White')?.image.id).toBe(1);
  });

  it('falls back to an any-colour picture, then to the side’s first picture', () => {
    expect(blankFor(product, 'back', 'Black')?.image.id).toBe(4);
    expect(blankFor(product, 'front', 'Navy')?.image.id).toBe(1);
    expect(blankFor(product, 'sleeve', 'White')?.area.name).toBe('sleeve');
    expect(blankFor(product, 'pocket', 'White')).toBeNull();
  });
});
