import { describe, expect, it } from 'vitest';
import type { Listing } from '@app/shared';
import { editorFieldOf, stepOf, toFormValues, toNamePath, toStepInput } from './editor-form.ts';

const listing: Listing = {
  id: 7,
  goods_id: 3,
  status: 'draft',
  changed: false,
  remote_id: null,
  issues: [],
  currency: 'JPY',
  site_id: 13,
  site_code: 'JP',
  store_alias: 'Tokyo',
  market_id: 4,
  manufacturer: 'Acme',
  mfrPart_number: '',
  brand: 'Acme',
  condition: 'new_new',
  condition_note: '',
  market_category_id: 'SHIRT',
  launch_date: null,
  handling_time: 3,
  attributes: { department: 'womens' },
  is_variation: true,
  variation_theme: 'COLOR/SIZE',
  parent_sku: 'P-1',
  show_variation_theme: ['color', 'size'],
  items: [
    {
      id: 11,
      finished_sku_id: 5,
      sku: 'P-1-RED-M',
      price_minor: 2480,
      quantity: 10,
      variation: { color: 'Red', size: 'M' },
      product_id: '',
      image: null,
      cost_minor: 1500,
    },
  ],
  title: 'Tee',
  describe: '',
  custom_describe: '',
  keywords: '',
  bullet_points: ['Soft'],
  images: ['/api/files/a.jpg', '/api/files/b.jpg'],
  created_at: 0,
  updated_at: 0,
  published_at: null,
};

describe('editor form', () => {
  it('round-trips a listing through the form: prices in major units, five bullet slots', () => {
    const values = toFormValues(listing);
    expect(values.items[0]!.price).toBe(2480);
    expect(values.bullet_points).toEqual(['Soft', '', '', '', '']);
    const step3 = toStepInput(
      2,
      7,
      { ...values, items: [{ ...values.items[0]!, price: 2500 }] },
      'JPY',
    );
    expect(step3).toMatchObject({
      step: 3,
      input: { id: 7, items: [{ id: 11, price_minor: 2500 }] },
    });
    const step4 = toStepInput(3, 7, { ...values, images: [...values.images].reverse() }, 'JPY');
    expect(step4).toMatchObject({
      step: 4,
      input: { bullet_points: ['Soft'], images: ['/api/files/b.jpg', '/api/files/a.jpg'] },
    });
  });

  it('leaves emptied attributes out of step 2', () => {
    const values = toFormValues(listing);
    const input = toStepInput(
      1,
      7,
      { ...values, attributes: { department: '', color_name: 'Red' } },
      'USD',
    );
    expect(input).toEqual({
      step: 2,
      input: { id: 7, market_category_id: 'SHIRT', attributes: { color_name: 'Red' } },
    });
  });

  it('places reported fields on the editor', () => {
    expect(toNamePath('items.0.sku')).toEqual(['items', 0, 'sku']);
    expect(editorFieldOf('item_name')).toBe('title');
    expect(editorFieldOf('bullet_points.2')).toBe('bullet_points.2');
    expect(editorFieldOf('capacity')).toBe('attributes.capacity');
    expect(stepOf(editorFieldOf('capacity'))).toBe(1);
    expect(stepOf('items.3.product_id')).toBe(2);
    expect(stepOf('brand')).toBe(0);
    expect(stepOf('images.0')).toBe(3);
  });
});
