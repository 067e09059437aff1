import { z } from 'zod';
import { multilineText, text } from './common.ts';

/**
 * The design tool's document. Positions are in millimetres of the print area they sit on
 * (origin at the area's top-left corner), so a design keeps its placement on any image size
 * and the DPI of placed artwork follows from its pixels and its printed size.
 */
export const DESIGN_LAYERS_MAX = 50;
export const DESIGN_TEXT_MAX = 200;
export const DESIGN_TITLE_MAX = 200;
export const DESIGN_COLOURS_MAX = 12;
/** Print resolution when a print area does not name its own. */
export const DEFAULT_PRINT_DPI = 300;
/** Below this effective DPI the editor warns that the artwork will print blurry. */
export const MIN_ARTWORK_DPI = 150;
/** Text bends by at most half a circle, where the arc is still as wide as it is long. */
export const TEXT_CURVE_MAX = 180;
/** Line height of text layers as a multiple of the font size (Konva's and the renderer's). */
export const TEXT_LINE_HEIGHT = 1.2;

const mm = z.number().finite().min(-2000).max(2000);
const size = z.number().finite().positive().max(4000);

const layerBase = {
  /** Client-made id, stable across saves (undo history and selection use it). */
  id: text().min(1).max(64),
  /** The print area's name on the parent product's images (`front`, `back`, `sleeve`...). */
  side: text().min(1).max(50),
  x: mm,
  y: mm,
  width: size,
  height: size,
  /** Degrees clockwise around the layer's centre. */
  rotation: z.number().finite().min(-360).max(360).default(0),
  opacity: z.number().min(0).max(1).default(1),
  locked: z.boolean().default(false),
};

export const ImageLayer = z.object({
  ...layerBase,
  kind: z.literal('image'),
  /** A URL this server serves (an upload, a material or an image-space file). */
  url: text().min(1).max(2000),
  /** The artwork's own pixel size, for the DPI check. */
  naturalWidth: z.number().int().positive(),
  naturalHeight: z.number().int().positive(),
});
export type ImageLayer = z.infer<typeof ImageLayer>;

export const TextLayer = z.object({
  ...layerBase,
  kind: z.literal('text'),
  text: multilineText().min(1).max(DESIGN_TEXT_MAX),
  fontFamily: text().min(1).max(100),
  /** Font size in millimetres of the print area. */
  fontSize: z.number().positive().max(500),
  fill: text().regex(/^#[0-9a-fA-F]{6}$/, 'validation.hex_colour'),
  fontWeight: z.enum(['normal', 'bold']).default('normal'),
  align: z.enum(['left', 'center', 'right']).default('center'),
  /** Arc of the text in degrees: 0 straight, positive bends up (a smile), negative down. */
  curve: z.number().min(-TEXT_CURVE_MAX).max(TEXT_CURVE_MAX).default(0),
});
export type TextLayer = z.infer<typeof TextLayer>;

export const DesignLayer = z.discriminatedUnion('kind', [ImageLayer, TextLayer]);
export type DesignLayer = z.infer<typeof DesignLayer>;

/** POST /api/design/save: creates a finished product, or updates `finished_product_id`'s. */
export const DesignSaveInput = z.object({
  finished_product_id: z.number().int().positive().optional(),
  parent_product_id: z.number().int().positive(),
  title: text().trim().min(1, 'validation.required').max(DESIGN_TITLE_MAX),
  /** Parent SKU colours to make; one mockup per colour and side. */
  colors: z.array(text().min(1)).min(1, 'validation.choose_one_or_more').max(DESIGN_COLOURS_MAX),
  /** Parent SKU sizes to make; empty = every size of the chosen colours. */
  sizes: z.array(text()).max(50).default([]),
  /** Layers bottom to top. */
  layers: z.array(DesignLayer).min(1, 'validation.choose_one_or_more').max(DESIGN_LAYERS_MAX),
});
export type DesignSaveInput = z.infer<typeof DesignSaveInput>;

export const DesignSaveResult = z.object({
  finished_product_id: z.number().int(),
  /** The mockup and print-file rendering job; follow it with the jobs API. */
  job_id: z.string(),
});
export type DesignSaveResult = z.infer<typeof DesignSaveResult>;

export const PrintFile = z.object({
  side: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PrintFile = z.infer<typeof PrintFile>;

/** GET /api/design/show?id=: a saved design to reopen in the editor, with its outputs. */
export const SavedDesign = z.object({
  finished_product_id: z.number().int(),
  parent_product_id: z.number().int(),
  title: z.string(),
  colors: z.array(z.string()),
  sizes: z.array(z.string()),
  layers: z.array(DesignLayer),
  mockups: z.array(z.object({ color: z.string(), side: z.string(), url: z.string() })),
  print_files: z.array(PrintFile),
});
export type SavedDesign = z.infer<typeof SavedDesign>;
