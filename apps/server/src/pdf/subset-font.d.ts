// subset-font 2.9 ships no types, and @types/subset-font describes 2.3 (no noHinting/dropTables).
declare module 'subset-font' {
  export interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    noHinting?: boolean;
    /** Table tags to leave out of the subset, e.g. `GSUB`. */
    dropTables?: string[];
  }
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: SubsetFontOptions,
  ): Promise<Buffer>;
}
