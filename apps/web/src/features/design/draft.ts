import { z } from 'zod';
import type { DesignLayer } from '@app/shared';
import type { DesignDocument } from './document-store.ts';

const DRAFT_KEY = 'design-draft';

export interface SaveChoices {
  title: string;
  colors: string[];
  sizes: string[];
}

/** A design kept across the trip to /login, with the save the visitor had asked for. */
export interface DesignDraft {
  document: DesignDocument & { product: number };
  save: SaveChoices | null;
}

// Written by this module only; the check keeps a stale or hand-edited entry from crashing the page.
const Stored = z.object({
  document: z.object({
    product: z.number().int().positive(),
    design: z.number().int().positive().nullable(),
    layers: z.array(z.looseObject({ id: z.string(), kind: z.enum(['image', 'text']) })),
    side: z.string(),
    colour: z.string(),
  }),
  save: z
    .object({ title: z.string(), colors: z.array(z.string()), sizes: z.array(z.string()) })
    .nullable(),
});

/** False when the browser refuses (private mode, or local artwork too large for the quota). */
export function keepDraft(draft: DesignDraft): boolean {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

/** The kept draft for this product, taken out of storage so it is restored once. */
export function takeDraft(product: number): DesignDraft | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(DRAFT_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: ReturnType<typeof Stored.safeParse>;
  try {
    parsed = Stored.safeParse(JSON.parse(raw));
  } catch {
    return null;
  }
  if (!parsed.success || parsed.data.document.product !== product) return null;
  sessionStorage.removeItem(DRAFT_KEY);
  const { document, save } = parsed.data;
  return { save, document: { ...document, layers: document.layers as unknown as DesignLayer[] } };
}
