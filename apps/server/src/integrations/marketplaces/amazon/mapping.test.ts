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
  it('maps every Orders v0 status of reference 1.10', () => {
    expect(
      [
        'Pending',
        'PendingAvailability',
        'Unshipped',
        'PartiallyShipped',
        'Shipped',
        'InvoiceUnconfirmed',
        'Canceled',
        'Unfulfillable',
      ].map(orderStatusOf),
    ).toEqual([
      'unconfirmed',
      'unconfirmed',
      'unshipped',
      'partially_shipped',
      'shipped',
      'shipped',
      'canceled',
      'canceled',
    ]);
    expect(() => orderStatusOf('Lost')).toThrow(/Unknown OrderStatus/);
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

  it('keeps money strings and the address of an order', () => {
    const order = orderOf(
      {
        AmazonOrderId: '902-1845936-5435065',
        PurchaseDate: '2025-01-19T03:58:30Z',
        LastUpdateDate: '2025-01-19T03:58:32Z',
        OrderStatus: 'Unshipped',
        FulfillmentChannel: 'MFN',
        OrderTotal: { CurrencyCode: 'USD', Amount: '11.01' },
      },
      [
        {
          ASIN: 'B00551Q3CS',
          OrderItemId: '05015851154158',
          SellerSKU: 'SKU-1',
          Title: 'T',
          QuantityOrdered: 1,
          QuantityShipped: 0,
          ItemPrice: { CurrencyCode: 'USD', Amount: '10.00' },
        },
      ],
      {
        Name: 'Pat',
        AddressLine1: '1 Main St',
        AddressLine2: 'Apt 2',
        City: 'Seattle',
        StateOrRegion: 'WA',
        PostalCode: '98101',
        CountryCode: 'US',
      },
      US,
    );
    expect(order.total).toEqual({ amount: '11.01', currency: 'USD' });
    expect(order.items[0]!.lineTotal).toEqual({ amount: '10.00', currency: 'USD' });
    expect(order.address).toMatchObject({ line1: '1 Main St', line2: 'Apt 2', state: 'WA' });
    expect(order.purchasedAt.toISOString()).toBe('2025-01-19T03:58:30.000Z');
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
