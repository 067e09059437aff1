/** One catalogue of document texts: sections (`compliance`, `log`, `export`, `pdf`) of flat keys. */
export type DocumentTexts = Record<string, Record<string, string>>;
