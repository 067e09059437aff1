import { marketSiteById } from '@app/shared';
import { describe, expect, it } from 'vitest';
import type { ListingInput } from '../connector.ts';
import {
  categoryAttributesOf,
  listingAttributes,
  orderOf,
  orderStatusOf,
  variationThemeOf,
} from './mapping.ts';

const US = marketSiteById(1)!;

const listing: ListingInput = {
  sku: 'TEE',
  title: 'Cotton Tee',
  description: 'Soft tee',
  bulletPoints: ['100% cotton', 'Machine wash'],
  keywords: ['tee', 'shirt'],
  brand: 'Acme',
  categoryId: 'SHIRT',
  attributes: { department: 'unisex-adult' },
  imageUrls: ['https://img.example/1.jpg', 'https://img.example/2.jpg'],
  price: { amount: '19.99', currency: 'USD' },
  quantity: 5,
  variants: [
    {
      sku: 'TEE-BLK-M',
      price: { amount: '21.50', currency: 'USD' },
      quantity: 2,
      options: { Color: 'Black', Size: 'M' },
      imageUrls: [],
      barcode: '012345678905',
    },
  ],
};

describe('Amazon mapping', () => {
  it('maps every FulfillmentStatus of Orders 2026-01-01', () => {
    expect(
      [
        'PENDING',
        'PENDING_AVAILABILITY',
        'UNSHIPPED',
        'PARTIALLY_SHIPPED',
        'SHIPPED',
        'CANCELLED',
        'UNFULFILLABLE',
      ].map(orderStatusOf),
    ).toEqual([
      'unconfirmed',
      'unconfirmed',
      'unshipped',
      'partially_shipped',
      'shipped',
      'canceled',
      'canceled',
    ]);
    expect(() => orderStatusOf('Lost')).toThrow(/Unknown fulfillmentStatus/);
  });

  it('builds a variation parent without an offer and a child pointing at it', () => {
    const theme = variationThemeOf(listing.variants!);
    expect(theme).toBe('COLOR/SIZE');
    const parent = listingAttributes(listing, US, { kind: 'parent', theme });
    expect(parent.parentage_level).toEqual([{ value: 'parent', marketplace_id: 'ATVPDKIKX0DER' }]);
    expect(parent.variation_theme).toEqual([{ name: 'COLOR/SIZE' }]);
    expect(parent.purchasable_offer).toBeUndefined();
    expect(parent.department).toEqual([{ value: 'unisex-adult', marketplace_id: 'ATVPDKIKX0DER' }]);
    expect(parent.item_name).toEqual([
      { value: 'Cotton Tee', language_tag: 'en_US', marketplace_id: 'ATVPDKIKX0DER' },
    ]);

    const child = listingAttributes(listing, US, {
      kind: 'child',
      parentSku: 'TEE',
      theme,
      variant: listing.variants![0]!,
    });
    expect(child.child_parent_sku_relationship).toEqual([
      { child_relationship_type: 'variation', parent_sku: 'TEE', marketplace_id: 'ATVPDKIKX0DER' },
    ]);
    expect(child.color?.[0]?.value).toBe('Black');
    expect(child.size?.[0]?.value).toBe('M');
    expect(child.item_name?.[0]?.value).toBe('Cotton Tee (Black, M)');
    expect(child.purchasable_offer).toEqual([
      {
        currency: 'USD',
        audience: 'ALL',
        our_price: [{ schedule: [{ value_with_tax: 21.5 }] }],
        marketplace_id: 'ATVPDKIKX0DER',
      },
    ]);
    expect(child.fulfillment_availability).toEqual([
      { fulfillment_channel_code: 'DEFAULT', quantity: 2 },
    ]);
    // The variant has no images of its own, so it shows the listing's.
    expect(child.main_product_image_locator?.[0]?.media_location).toBe('https://img.example/1.jpg');
    expect(child.other_product_image_locator_1?.[0]?.media_location).toBe(
      'https://img.example/2.jpg',
    );
    expect(child.externally_assigned_product_identifier).toEqual([
      { type: 'upc', value: '012345678905', marketplace_id: 'ATVPDKIKX0DER' },
    ]);
    expect(child.generic_keyword?.[0]?.value).toBe('tee shirt');
  });

  it('declares a GTIN exemption for a single item without a barcode and refuses a bad price', () => {
    const single = listingAttributes({ ...listing, variants: undefined }, US, { kind: 'single' });
    expect(single.supplier_declared_has_product_identifier_exemption?.[0]?.value).toBe(true);
    expect(single.list_price).toEqual([
      { currency: 'USD', value: 19.99, marketplace_id: 'ATVPDKIKX0DER' },
    ]);
    expect(() =>
      listingAttributes(
        { ...listing, variants: undefined, price: { amount: '1,5', currency: 'USD' } },
        US,
        { kind: 'single' },
      ),
    ).toThrow(/Invalid price/);
  });

  const order2026 = {
    orderId: '902-1845936-5435065',
    createdTime: '2025-01-19T03:58:30Z',
    lastUpdatedTime: '2025-01-19T03:58:32Z',
    salesChannel: { channelName: 'AMAZON', marketplaceId: 'ATVPDKIKX0DER' },
    fulfillment: { fulfillmentStatus: 'UNSHIPPED', fulfilledBy: 'MERCHANT' as const },
    proceeds: { grandTotal: { currencyCode: 'USD', amount: '11.01' } },
    recipient: {
      deliveryAddress: {
        name: 'Pat',
        addressLine1: '1 Main St',
        addressLine2: 'Apt 2',
        city: 'Seattle',
        stateOrRegion: 'WA',
        postalCode: '98101',
        countryCode: 'US',
      },
    },
    orderItems: [
      {
        orderItemId: '05015851154158',
        quantityOrdered: 3,
        product: {
          asin: 'B00551Q3CS',
          sellerSku: 'SKU-1',
          title: 'T',
          price: { unitPrice: { currencyCode: 'USD', amount: '3.35' } },
        },
        fulfillment: { quantityFulfilled: 1, quantityUnfulfilled: 2 },
      },
    ],
  };

  it('keeps money strings and the address of an Orders 2026-01-01 order', () => {
    const order = orderOf(order2026, US, false);
    expect(order.total).toEqual({ amount: '11.01', currency: 'USD' });
    // No item proceeds asked for: the unit price × quantity, in exact decimals.
    expect(order.items[0]).toMatchObject({
      sku: 'SKU-1',
      quantity: 3,
      quantityShipped: 1,
      lineTotal: { amount: '10.05', currency: 'USD' },
    });
    expect(order.address).toMatchObject({ line1: '1 Main St', line2: 'Apt 2', state: 'WA' });
    expect(order.purchasedAt.toISOString()).toBe('2025-01-19T03:58:30.000Z');
    expect(order.remoteStatus).toBe('UNSHIPPED');
    expect(orderOf(order2026, US, true)).toMatchObject({ items: [], itemsPending: true });
  });

  it('keeps an order whose address came without name, street and phone', () => {
    const order = orderOf(
      {
        ...order2026,
        recipient: { deliveryAddress: { city: 'Seattle', postalCode: '98101', countryCode: 'US' } },
      },
      US,
      false,
    );
    expect(order.address).toEqual({
      name: '',
      phone: '',
      line1: '',
      line2: '',
      city: 'Seattle',
      state: '',
      postalCode: '98101',
      countryCode: 'US',
    });
    expect(() => orderOf({ ...order2026, fulfillment: undefined }, US, true)).toThrow(
      /fulfillment/,
    );
  });

  it('turns required schema properties into category attributes', () => {
    const attributes = categoryAttributesOf({
      required: ['item_name', 'department', 'material', 'unit', 'capacity'],
      properties: {
        department: {
          title: 'Department',
          items: {
            properties: {
              value: { type: 'string', enum: ['mens', 'womens'], enumNames: ['男士', '女士'] },
            },
          },
        },
        material: {
          title: 'Material',
          // A schema without names, and one naming fewer choices than it lists.
          items: { properties: { value: { type: 'string', enum: ['canvas', 'jute'] } } },
        },
        unit: {
          title: 'Unit',
          items: {
            properties: { value: { enum: ['ounces', 'milliliters'], enumNames: ['Ounces'] } },
          },
        },
        capacity: { title: 'Capacity', items: { properties: { value: { type: 'number' } } } },
        color: { title: 'Color', items: { properties: { value: { type: 'string' } } } },
      },
      allOf: [{ else: { required: ['purchasable_offer', 'color'] } }],
    });
    expect(attributes).toEqual([
      {
        name: 'department',
        label: 'Department',
        required: true,
        type: 'enum',
        options: ['mens', 'womens'],
        optionNames: ['男士', '女士'],
      },
      {
        name: 'material',
        label: 'Material',
        required: true,
        type: 'enum',
        options: ['canvas', 'jute'],
        optionNames: ['canvas', 'jute'],
      },
      {
        name: 'unit',
        label: 'Unit',
        required: true,
        type: 'enum',
        options: ['ounces', 'milliliters'],
        optionNames: ['Ounces', 'milliliters'],
      },
      { name: 'capacity', label: 'Capacity', required: true, type: 'number' },
      { name: 'color', label: 'Color', required: true, type: 'string' },
    ]);
  });
});
