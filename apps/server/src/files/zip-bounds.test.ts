import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.ts';
import { assertZipWithinBounds, SPREADSHEET_BOUNDS, type ZipBounds } from './zip-bounds.ts';

const bounds: ZipBounds = { maxBytes: 8 * 1024 * 1024, maxEntries: 5, maxRatio: 100 };

/** Fed in pieces, as a file or object storage streams it. */
async function refusal(bytes: Uint8Array, b = bounds): Promise<unknown> {
  const pieces = async function* () {
    for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
  };
  try {
    await assertZipWithinBounds(pieces(), bytes.length, b);
    return null;
  } catch (error) {
    return error;
  }
}

describe('assertZipWithinBounds', () => {
  it('passes an ordinary zip, and bytes that are not a zip at all', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => `<row r="${i}"><c>${i * 7919}</c></row>`);
    expect(await refusal(zipSync({ 'sheet.xml': strToU8(rows.join('')) }))).toBeNull();
    expect(await refusal(Buffer.from('order,sku\n1,A'))).toBeNull();
  });

  it('refuses a file packed far tighter than any spreadsheet (a zip bomb)', async () => {
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(4 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(40_000);
    expect(await refusal(bomb)).toBeInstanceOf(ValidationError);
    expect(await refusal(bomb, SPREADSHEET_BOUNDS)).toBeInstanceOf(ValidationError);
  });

  it('refuses more inflated bytes than allowed, however it is spread', async () => {
    const noise = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 2654435761) >>> 24);
    const files = { a: noise(3 << 20), b: noise(3 << 20), c: noise(3 << 20) };
    expect(await refusal(zipSync(files, { level: 0 }))).toBeInstanceOf(ValidationError);
    expect(await refusal(zipSync({ a: files.a, b: files.b }, { level: 0 }))).toBeNull();
  });

  it('refuses too many entries', async () => {
    const many = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}`, strToU8('x')]));
    expect(await refusal(zipSync(many))).toBeInstanceOf(ValidationError);
    delete many.f5;
    expect(await refusal(zipSync(many))).toBeNull();
  });
});
