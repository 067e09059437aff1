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

  it('names a split or copied order by its number, or its id when the reader may not see it', () => {
    const numbers = new Map([[7, 'A-1-S1']]);
    const numberOf = (id: number) => numbers.get(id);
    expect(orderLogText('en', 'copy', { created_id: 7 }, 'USD', numberOf)).toBe(
      'Copied to order A-1-S1',
    );
    expect(orderLogText('zh-CN', 'split_from', { order_id: 8 }, 'USD', numberOf)).toBe(
      '拆分自订单 8',
    );
  });
});
