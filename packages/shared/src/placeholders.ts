/** The product values a text template can insert, written `{name}` in its content. */
export const TEMPLATE_PLACEHOLDERS = [
  'title',
  'brand',
  'color',
  'size',
  'sku',
  'material',
  'category',
  'price',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export type PlaceholderValues = Partial<Record<TemplatePlaceholder, string>>;

export interface RenderedTemplate {
  text: string;
  /** Names in braces that are not placeholders; they stay in the text as written. */
  unknown: string[];
  /** Placeholders the product has no value for; they render empty. */
  missing: TemplatePlaceholder[];
}

const KNOWN = new Set<string>(TEMPLATE_PLACEHOLDERS);
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Fills `{name}` placeholders (names ignore case); shared by the server and the editor's preview. */
export function renderTemplate(content: string, values: PlaceholderValues): RenderedTemplate {
  const unknown = new Set<string>();
  const missing = new Set<TemplatePlaceholder>();
  const text = content.replace(PLACEHOLDER, (whole, raw: string) => {
    const name = raw.toLowerCase();
    if (!KNOWN.has(name)) {
      unknown.add(raw);
      return whole;
    }
    const value = values[name as TemplatePlaceholder]?.trim();
    if (!value) {
      missing.add(name as TemplatePlaceholder);
      return '';
    }
    return value;
  });
  return { text, unknown: [...unknown], missing: [...missing] };
}
