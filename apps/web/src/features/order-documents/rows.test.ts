import { describe, expect, it } from 'vitest';
import { failedRowsCsv, parseLogisticsRows, splitLine } from './rows.ts';

describe('order document helpers', () => {
  it('splits CSV with quotes and tab-separated lines', () => {
    expect(splitLine('A-1,"4PX, GP","x""y"')).toEqual(['A-1', '4PX, GP', 'x"y']);
    expect(splitLine('A-1\t4PX-GP\tLP1,2')).toEqual(['A-1', '4PX-GP', 'LP1,2']);
  });

  it('drops a header and blank lines, fills missing cells', () => {
    const rows = parseLogisticsRows(
      '\uFEFFOrder number,Channel,Tracking\r\nA-1,4PX-GP,4PX1\r\n\r\nB-2,3\n',
    );
    expect(rows).toEqual([
      { seller_order_id: 'A-1', channel: '4PX-GP', shipped_number: '4PX1' },
      { seller_order_id: 'B-2', channel: '3', shipped_number: '' },
    ]);
    expect(parseLogisticsRows('订单号\t渠道\t单号\nC-3\tX\tY')).toHaveLength(1);
  });

  it('writes the failed rows with their reasons, formulas defused', () => {
    const rows = parseLogisticsRows('A-1,4PX-GP,4PX1\n=HYPERLINK("x"),3,LP1');
    const csv = failedRowsCsv(
      rows,
      {
        applied: 1,
        failed: 1,
        results: [
          { row: 1, seller_order_id: 'A-1', order_id: 1, ok: true, reason: null },
          {
            row: 2,
            seller_order_id: '=HYPERLINK("x")',
            order_id: null,
            ok: false,
            reason: 'Order not found',
          },
        ],
      },
      ['Row', 'Order', 'Channel', 'Tracking', 'Reason'],
    );
    expect(csv).toBe(
      '\uFEFFRow,Order,Channel,Tracking,Reason\r\n2,"\'=HYPERLINK(""x"")",3,LP1,Order not found\r\n',
    );
  });
});
