import { describe, expect, it } from 'vitest';
import { nextPurchaseOrderStatus as next, purchaseOrderActions } from './purchase-order-flow.ts';

describe('purchase order transitions', () => {
  it('walks the happy path unpaid → delivered', () => {
    expect(next('unpaid', 'pay')).toBe('paid');
    expect(next('paid', 'accept')).toBe('in_production');
    expect(next('in_production', 'produce')).toBe('in_production');
    expect(next('in_production', 'ship', { allShipped: false })).toBe('partially_shipped');
    expect(next('partially_shipped', 'ship', { allShipped: true })).toBe('shipped');
    expect(next('in_production', 'ship', { allShipped: true })).toBe('shipped');
    expect(next('shipped', 'deliver')).toBe('delivered');
  });

  it('cancels only before production; a paid order ends refunded', () => {
    expect(next('unpaid', 'cancel')).toBe('cancelled');
    expect(next('paid', 'cancel')).toBe('refunded');
    for (const status of ['in_production', 'shipped', 'delivered', 'cancelled'] as const) {
      expect(next(status, 'cancel')).toBeNull();
    }
  });

  it('refuses shipping what is not in production', () => {
    for (const status of ['unpaid', 'paid', 'cancelled', 'refunded', 'shipped'] as const) {
      expect(next(status, 'ship', { allShipped: true })).toBeNull();
    }
    expect(next('paid', 'pay')).toBeNull();
    expect(next('in_production', 'accept')).toBeNull();
    expect(next('partially_shipped', 'deliver')).toBeNull();
  });

  it('resolves an exception by a reprint or a refund', () => {
    expect(next('shipped', 'exception')).toBe('exception');
    expect(next('paid', 'exception')).toBeNull();
    expect(next('exception', 'reprint')).toBe('in_production');
    expect(next('exception', 'refund', { fullyRefunded: true })).toBe('refunded');
    expect(next('exception', 'refund', { beforeException: 'shipped' })).toBe('shipped');
  });

  it('keeps the status on a partial refund and never refunds the unpaid or the refunded', () => {
    expect(next('delivered', 'refund')).toBe('delivered');
    expect(next('delivered', 'refund', { fullyRefunded: true })).toBe('refunded');
    expect(next('unpaid', 'refund')).toBeNull();
    expect(next('refunded', 'refund')).toBeNull();
    expect(next('cancelled', 'refund')).toBeNull();
  });

  it('lists the actions of a status', () => {
    expect(purchaseOrderActions('paid')).toEqual(['cancel', 'accept', 'refund']);
    expect(purchaseOrderActions('refunded')).toEqual([]);
  });
});
