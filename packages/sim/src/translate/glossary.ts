/**
 * A small e-commerce glossary: each row is one concept in every language the simulator speaks.
 * Translation maps word by word through it, so output is deterministic and tests can assert it.
 */
export const SIM_LANGUAGES = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'nl',
  'sv',
  'pl',
  'ja',
  'zh',
] as const;
export type SimLanguage = (typeof SIM_LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<SimLanguage, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  it: 'Italian',
  pt: 'Portuguese',
  nl: 'Dutch',
  sv: 'Swedish',
  pl: 'Polish',
  ja: 'Japanese',
  zh: 'Chinese',
};

// A table: one concept per row, languages in SIM_LANGUAGES order.
// prettier-ignore
const ROWS: ReadonlyArray<readonly [string, ...string[]]> = [
  ['t-shirt', 't-shirt', 't-shirt', 'camiseta', 'maglietta', 'camiseta', 't-shirt', 't-shirt', 'koszulka', 'tシャツ', 't恤'],
  ['shirt', 'hemd', 'chemise', 'camisa', 'camicia', 'camisa', 'overhemd', 'skjorta', 'koszula', 'シャツ', '衬衫'],
  ['hoodie', 'kapuzenpullover', 'sweat', 'sudadera', 'felpa', 'moletom', 'hoodie', 'huvtröja', 'bluza', 'パーカー', '连帽衫'],
  ['cotton', 'baumwolle', 'coton', 'algodón', 'cotone', 'algodão', 'katoen', 'bomull', 'bawełna', '綿', '棉'],
  ['black', 'schwarz', 'noir', 'negro', 'nero', 'preto', 'zwart', 'svart', 'czarny', '黒', '黑色'],
  ['white', 'weiß', 'blanc', 'blanco', 'bianco', 'branco', 'wit', 'vit', 'biały', '白', '白色'],
  ['red', 'rot', 'rouge', 'rojo', 'rosso', 'vermelho', 'rood', 'röd', 'czerwony', '赤', '红色'],
  ['blue', 'blau', 'bleu', 'azul', 'blu', 'azul', 'blauw', 'blå', 'niebieski', '青', '蓝色'],
  ['size', 'größe', 'taille', 'talla', 'taglia', 'tamanho', 'maat', 'storlek', 'rozmiar', 'サイズ', '尺码'],
  ["men's", 'herren', 'homme', 'hombre', 'uomo', 'masculino', 'heren', 'herr', 'męska', 'メンズ', '男士'],
  ["women's", 'damen', 'femme', 'mujer', 'donna', 'feminino', 'dames', 'dam', 'damska', 'レディース', '女士'],
  ['men', 'herren', 'homme', 'hombre', 'uomo', 'homem', 'heren', 'herr', 'męski', 'メンズ', '男士'],
  ['women', 'damen', 'femme', 'mujer', 'donna', 'mulher', 'dames', 'dam', 'damski', 'レディース', '女士'],
  ['gift', 'geschenk', 'cadeau', 'regalo', 'regalo', 'presente', 'cadeau', 'present', 'prezent', 'ギフト', '礼物'],
  ['soft', 'weich', 'doux', 'suave', 'morbido', 'macio', 'zacht', 'mjuk', 'miękki', '柔らかい', '柔软'],
  ['comfortable', 'bequem', 'confortable', 'cómodo', 'comodo', 'confortável', 'comfortabel', 'bekväm', 'wygodny', '快適', '舒适'],
  ['summer', 'sommer', 'été', 'verano', 'estate', 'verão', 'zomer', 'sommar', 'lato', '夏', '夏季'],
  ['casual', 'lässig', 'décontracté', 'informal', 'casual', 'casual', 'casual', 'ledig', 'casualowy', 'カジュアル', '休闲'],
  ['print', 'druck', 'imprimé', 'estampado', 'stampa', 'estampa', 'print', 'tryck', 'nadruk', 'プリント', '印花'],
  ['short', 'kurz', 'court', 'corto', 'corto', 'curto', 'kort', 'kort', 'krótki', '半', '短'],
  ['sleeve', 'ärmel', 'manche', 'manga', 'manica', 'manga', 'mouw', 'ärm', 'rękaw', '袖', '袖'],
  ['quality', 'qualität', 'qualité', 'calidad', 'qualità', 'qualidade', 'kwaliteit', 'kvalitet', 'jakość', '品質', '品质'],
  ['and', 'und', 'et', 'y', 'e', 'e', 'en', 'och', 'i', 'と', '和'],
  ['for', 'für', 'pour', 'para', 'per', 'para', 'voor', 'för', 'dla', '用', '适合'],
  ['with', 'mit', 'avec', 'con', 'con', 'com', 'met', 'med', 'z', '付き', '带'],
];

const INDEX = new Map<SimLanguage, Map<string, number>>(
  SIM_LANGUAGES.map((lang, column) => [
    lang,
    new Map(ROWS.map((row, concept) => [row[column]!.toLowerCase(), concept])),
  ]),
);

/** Letters, digits and the joiners inside words (men's, t-shirt). */
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export function isSimLanguage(code: string): code is SimLanguage {
  return (SIM_LANGUAGES as readonly string[]).includes(code);
}

/** The language whose glossary knows most words of the texts; English when none is known. */
export function detectLanguage(texts: string[]): { language: SimLanguage; confidence: number } {
  let best: SimLanguage = 'en';
  let bestHits = 0;
  for (const lang of SIM_LANGUAGES) {
    const words = INDEX.get(lang)!;
    let hits = 0;
    for (const text of texts) {
      for (const [word] of text.toLowerCase().matchAll(WORD)) if (words.has(word)) hits++;
    }
    if (hits > bestHits) {
      best = lang;
      bestHits = hits;
    }
  }
  return { language: best, confidence: bestHits > 0 ? 90 : 10 };
}

/** Word by word through the glossary; unknown words stay as they are, capitals are kept. */
export function translateText(text: string, source: SimLanguage, target: SimLanguage): string {
  if (source === target) return text;
  const from = INDEX.get(source)!;
  const column = SIM_LANGUAGES.indexOf(target);
  return text.replace(WORD, (word) => {
    const concept = from.get(word.toLowerCase());
    if (concept === undefined) return word;
    const out = ROWS[concept]![column]!;
    const first = word[0]!;
    return first !== first.toLowerCase() ? out[0]!.toUpperCase() + out.slice(1) : out;
  });
}
