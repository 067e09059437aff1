import { PassThrough } from 'node:stream';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.ts';
import { readTable, tableFileOf, type TableFile } from './table.ts';

/** A file whose stream gives its first chunk at once and the rest only when `finish` is called. */
function slowFile(first: string, rest: string) {
  const streams: PassThrough[] = [];
  const file: TableFile = {
    name: 'slow.csv',
    size: first.length + rest.length,
    open: () => {
      const stream = new PassThrough();
      stream.write(first);
      streams.push(stream);
      return stream;
    },
  };
  const finish = () => streams.at(-1)!.end(rest);
  return { file, finish };
}

describe('readTable', () => {
  it('yields rows as the file streams in, before the rest of it has arrived', async () => {
    const { file, finish } = slowFile('order,sku\n1,A\n2,B\n', '3,C\n');
    const rows = readTable(file, 10);
    expect((await rows.next()).value).toEqual({ row: 1, cells: ['order', 'sku'] });
    expect((await rows.next()).value).toEqual({ row: 2, cells: ['1', 'A'] });
    finish();
    const rest = [];
    for await (const row of rows) rest.push(row.cells);
    expect(rest).toEqual([
      ['2', 'B'],
      ['3', 'C'],
    ]);
  });

  it('reads a BOM and a semicolon csv, and refuses one row too many', async () => {
    const file = tableFileOf(Buffer.from('\ufeffa;b\n1;2\n'), 'x.csv');
    const cells = [];
    for await (const row of readTable(file, 10)) cells.push(row.cells);
    expect(cells).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    const rows = readTable(tableFileOf(Buffer.from('a\n1\n2\n3\n'), 'x.csv'), 2);
    await expect(async () => {
      for await (const row of rows) void row;
    }).rejects.toBeInstanceOf(ValidationError);
  });

  it('refuses a zip bomb named xlsx before parsing it', async () => {
    const bomb = Buffer.from(zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(4 << 20) }));
    const rows = readTable(tableFileOf(bomb, 'bomb.xlsx'), 10);
    await expect(rows.next()).rejects.toMatchObject({
      fields: { file: { key: 'uploads.archive_too_large' } },
    });
  });
});
