import { describe, expect, it } from 'vitest';
import { orderLogText } from './log-text.ts';

describe('order log lines', () => {
  it('names marketplace statuses in the reader language', () => {
    const created = { order_status: 'unconfirmed' };
    expect(orderLogText('zh-CN', 'sync.created', created, 'USD')).toBe(
      '从平台同步创建（状态 待确认）',
    );
    expect(orderLogText('en', 'sync.created', created, 'USD')).toBe(
      'Synced from the marketplace (status Pending confirmation)',
    );
    const updated = { status: { from: 'unshipped', to: 'shipped' } };
    expect(orderLogText('zh-CN', 'sync.updated', updated, 'USD')).toContain('待发货 → 已发货');
    expect(orderLogText('en', 'sync.updated', updated, 'USD')).toContain(
      'Pending shipment → Shipped',
    );
  });

  it('shows a status the catalogue does not know as stored', () => {
    expect(orderLogText('zh-CN', 'sync.created', { order_status: 'held' }, 'USD')).toContain(
      'held',
    );
  });
});
