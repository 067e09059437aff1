import { describe, expect, it } from 'vitest';
import type { Order } from '@app/shared';
import { idsLink, readIds } from './paths.ts';
import {
  batchRefusal,
  formatTabCount,
  itemsSummary,
  readOrderQuery,
  runForEach,
  statusOfTab,
  tabOf,
  writeOrderQuery,
} from './order-query.ts';

describe('order query in the URL', () => {
  it('reads the filters, dropping a bad value on its own', () => {
    const q = readOrderQuery(
      new URLSearchParams('sku=TEE&zone=de&status=99&page=2&single_quantity=1&orderBy_type=asc'),
    );
    expect(q).toMatchObject({
      sku: 'TEE',
      zone: 'DE',
      page: 2,
      single_quantity: true,
      orderBy_type: 'asc',
      orderBy_field: 'purchase_date',
    });
    expect(q.status).toBeUndefined();
  });

  it('writes only what differs from the defaults, never the cursor', () => {
    const params = writeOrderQuery({
      sku: 'TEE',
      page: 1,
      limit: 20,
      orderBy_field: 'total',
      cursor: 'abc',
    });
    expect(params.toString()).toBe('sku=TEE&orderBy_field=total');
    expect(readOrderQuery(params)).toMatchObject({ sku: 'TEE', orderBy_field: 'total' });
  });

  it('maps tabs to desk statuses and back', () => {
    expect(statusOfTab('on_hold')).toBe(20);
    expect(statusOfTab('all')).toBeUndefined();
    expect(tabOf(60)).toBe('cancelled');
    expect(tabOf(undefined)).toBe('all');
  });
});

describe('ids links', () => {
  it('round-trips ids and keeps extra query', () => {
    const link = idsLink('/newOrder/import', [3, 1], new URLSearchParams('tab=export&sku=A'));
    expect(link).toBe('/newOrder/import?tab=export&sku=A&ids=3,1');
    expect(readIds(new URLSearchParams('ids=3,1,x,-2,3,0'))).toEqual([3, 1]);
  });
});

describe('batch runs', () => {
  const order = (id: number) => ({ id, seller_order_id: `N${id}` }) as Order;
  it('records each refusal and still runs the rest', async () => {
    const outcomes = await runForEach([order(1), order(2), order(3)], async (o) => {
      if (o.id === 2) throw new Error('Order 2 is on hold: split is not allowed');
    });
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    expect(outcomes[1]).toMatchObject({ number: 'N2', reason: expect.stringContaining('on hold') });
  });

  it('summarises items', () => {
    const items = [
      { sku: 'A', quantity: 2, cancelled: false },
      { sku: 'B', quantity: 1, cancelled: false },
    ] as Order['items'];
    expect(itemsSummary({ items })).toBe('A ×2 +1');
  });
});

describe('status tab counts', () => {
  const page = {
    status_counts: {
      all: 10_012,
      new: 10_000,
      on_hold: 0,
      processing: 12,
      purchased: 0,
      shipped: 0,
      cancelled: 0,
    },
    status_capped: ['all' as const, 'new' as const],
  };

  it('groups digits for the language and marks capped counts with a plus', () => {
    expect(formatTabCount(page, 'new', 'en')).toBe('10,000+');
    expect(formatTabCount(page, 'new', 'zh-CN')).toBe('10,000+');
    expect(formatTabCount(page, 'all', 'en')).toBe('10,012+');
    expect(formatTabCount(page, 'processing', 'en')).toBe('12');
    expect(formatTabCount(page, 'on_hold', 'zh-CN')).toBe('0');
    expect(formatTabCount({ ...page, status_capped: [] }, 'all', 'de')).toBe('10.012');
  });
});

describe('batch refusal', () => {
  const order = (channel: 'AFN' | 'MFN', actions: Order['actions']) =>
    ({ fulfillment_channel: channel, actions }) as Order;

  it('asks for a selection first', () => {
    expect(batchRefusal([], 'hold')).toBe('selectFirst');
  });

  it('allows the button when one selected order allows the action', () => {
    expect(batchRefusal([order('MFN', []), order('MFN', ['hold'])], 'hold')).toBeNull();
    expect(batchRefusal([order('AFN', [])], null)).toBeNull();
  });

  it('says the marketplace ships when only marketplace-fulfilled orders are selected', () => {
    expect(batchRefusal([order('AFN', []), order('AFN', [])], 'hold')).toBe('marketplaceFulfilled');
  });

  it('blames the status when a seller-fulfilled order is in the selection', () => {
    expect(batchRefusal([order('AFN', []), order('MFN', ['cancel'])], 'hold')).toBe('notAllowed');
  });
});
