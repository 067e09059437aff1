import { describe, expect, it } from 'vitest';
import type { ExportColumn } from '@app/shared';
import {
  chosenKeys,
  columnsFromTemplate,
  defaultColumns,
  filterParts,
  moveColumn,
  problemsCsv,
  readExportQuery,
  readRecentExports,
  rememberExport,
} from './transfer-logic.ts';

const col = (key: string, default_on: boolean): ExportColumn => ({
  key,
  level: 'order',
  label_en: key,
  label_zh: key,
  default_on,
});
const catalogue = [col('a', true), col('b', false), col('c', true)];

describe('export query', () => {
  it('reads the desk filter and the ids, dropping bad values and paging', () => {
    const q = readExportQuery(
      new URLSearchParams('tab=export&market_id=3&status=10&zone=us&page=7&ids=5,x,2,5,-1'),
    );
    expect(q.ids).toEqual([5, 2]);
    expect(q.filter).toMatchObject({ market_id: 3, status: 10, zone: 'US' });
    expect(filterParts(q.filter)).toEqual([
      { field: 'market_id', value: '3' },
      { field: 'status', value: '10' },
      { field: 'zone', value: 'US' },
    ]);
    const bad = readExportQuery(new URLSearchParams('status=99&zone=USA'));
    expect(bad.ids).toBeNull();
    expect(filterParts(bad.filter)).toEqual([]);
  });

  it('mentions a sort only when it is not the default', () => {
    const q = readExportQuery(new URLSearchParams('orderBy_field=total&orderBy_type=desc'));
    expect(filterParts(q.filter)).toEqual([{ field: 'orderBy_field', value: 'total' }]);
  });
});

describe('column picker', () => {
  it('starts from the defaults and loads a template in its order', () => {
    expect(chosenKeys(defaultColumns(catalogue))).toEqual(['a', 'c']);
    const fromTemplate = columnsFromTemplate(catalogue, ['c', 'gone', 'b']);
    expect(fromTemplate).toEqual([
      { key: 'c', on: true },
      { key: 'b', on: true },
      { key: 'a', on: false },
    ]);
  });

  it('moves a column up and down, clamped at the ends', () => {
    expect(moveColumn(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 0, 5)).toEqual(['b', 'c', 'a']);
  });
});

describe('bad rows as CSV', () => {
  it('quotes commas and quotes and defuses formulas', () => {
    const csv = problemsCsv(
      [
        { row: 3, order_number: '=HYPERLINK("x")', reason: 'Unknown store: A, B' },
        { row: 4, order_number: 'N-1', reason: 'Bad "date"' },
      ],
      ['Row', 'Order number', 'Reason'],
    );
    expect(csv).toBe(
      '\uFEFFRow,Order number,Reason\r\n3,"\'=HYPERLINK(""x"")","Unknown store: A, B"\r\n4,N-1,"Bad ""date"""\r\n',
    );
  });
});

describe('recent exports', () => {
  it('keeps the newest first, once per job, at most ten', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    } as unknown as Storage;
    for (let i = 0; i < 12; i += 1) {
      rememberExport(
        { job_id: `j${i}`, at: i, orders: i, rows: i, url: '/x', file_name: 'f' },
        storage,
      );
    }
    rememberExport(
      { job_id: 'j5', at: 99, orders: 5, rows: 5, url: '/x', file_name: 'f' },
      storage,
    );
    const list = readRecentExports(storage);
    expect(list).toHaveLength(10);
    expect(list[0]).toMatchObject({ job_id: 'j5', at: 99 });
    expect(list.filter((e) => e.job_id === 'j5')).toHaveLength(1);
  });
});
