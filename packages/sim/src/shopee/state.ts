import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface SimModel {
  model_id: number;
  model_sku: string;
  tier_index: number[];
  original_price: number;
  stock: number;
}

export interface SimTier {
  name: string;
  options: Array<{ option: string; image_id?: string }>;
}

export interface SimItem {
  item_id: number;
  item_name: string;
  description: string;
  item_sku: string;
  category_id: number;
  original_price: number;
  stock: number;
  weight: number;
  dimension: Record<string, number> | null;
  logistic_info: Array<Record<string, unknown>>;
  attribute_list: Array<Record<string, unknown>>;
  brand: Record<string, unknown>;
  image_id_list: string[];
  item_status: string;
  condition: string;
  create_time: number;
  update_time: number;
  tiers: SimTier[];
  models: SimModel[];
}

/** What the seller did to a generated order (shipped it, printed its label). */
export interface SimOrderChange {
  status: string;
  updateTime: number;
  trackingNumber: string;
  document?: { type: string; polls: number };
  firstMileTrackingNumber?: string;
  /** The seller's note (set_note) and when it was set, Unix seconds. */
  note?: string;
  noteUpdateTime?: number;
}

export interface SimFirstMile {
  declareDate: string;
  bound: { channelId: number; shipmentMethod: string; orders: string[] } | null;
}

export interface ShopState {
  region: string;
  items: Record<string, SimItem>;
  orders: Record<string, SimOrderChange>;
  firstMile: Record<string, SimFirstMile>;
  counters: { item: number; model: number; firstMile: number; tracking: number };
}

interface Persisted {
  shops: Record<string, ShopState>;
  images: string[];
  /** Single-use codes and refresh tokens already exchanged (ids of signed tokens). */
  usedTokens: string[];
}

/** The simulator's mutable state: in memory, written to `file` as JSON after each change. */
export class ShopeeStore {
  private data: Persisted = { shops: {}, images: [], usedTokens: [] };

  constructor(private readonly file?: string) {
    if (file && existsSync(file)) this.data = JSON.parse(readFileSync(file, 'utf8')) as Persisted;
  }

  shop(shopId: number, region: string): ShopState {
    const key = String(shopId);
    this.data.shops[key] ??= {
      region,
      items: {},
      orders: {},
      firstMile: {},
      counters: { item: 0, model: 0, firstMile: 0, tracking: 0 },
    };
    return this.data.shops[key];
  }

  /** A shop's items (none for a shop never seen). */
  items(shopId: number): SimItem[] {
    return Object.values(this.data.shops[String(shopId)]?.items ?? {});
  }

  /** The seller's changes to a shop's orders (none for a shop never seen). */
  orderChanges(shopId: number): Record<string, SimOrderChange> {
    return this.data.shops[String(shopId)]?.orders ?? {};
  }

  addImage(id: string): void {
    if (!this.data.images.includes(id)) this.data.images.push(id);
  }

  hasImage(id: string): boolean {
    return this.data.images.includes(id);
  }

  /** Marks a single-use token as spent; false when it already was. */
  spend(tokenId: string): boolean {
    if (this.data.usedTokens.includes(tokenId)) return false;
    this.data.usedTokens.push(tokenId);
    return true;
  }

  save(): void {
    if (this.file) writeFileSync(this.file, JSON.stringify(this.data));
  }
}
