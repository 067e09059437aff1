import { paramError } from './errors.ts';

/** Request parsing shared by the handlers, refusing as Shopee does with `error_param`. */
export function requiredInt(query: URLSearchParams, name: string): number {
  const raw = query.get(name);
  if (raw === null || raw === '')
    throw paramError(`Wrong parameters, detail: ${name} is required.`);
  const value = Number(raw);
  if (!Number.isInteger(value)) throw paramError(`Wrong parameters, detail: ${name} is invalid.`);
  return value;
}

export function optionalInt(query: URLSearchParams, name: string): number | null {
  return query.get(name) === null ? null : requiredInt(query, name);
}

/** A comma-separated list such as `item_id_list` or `order_sn_list` (reference 3.2). */
export function commaList(query: URLSearchParams, name: string, max: number): string[] {
  const list = (query.get(name) ?? '').split(',').filter(Boolean);
  if (list.length === 0) throw paramError(`Wrong parameters, detail: ${name} is required.`);
  if (list.length > max) {
    throw paramError(`Wrong parameters, detail: ${name} length should be between 1 and ${max}.`);
  }
  return list;
}

export function pageSize(query: URLSearchParams, max: number): number {
  const size = requiredInt(query, 'page_size');
  if (size < 1 || size > max) {
    throw paramError(`Wrong parameters, detail: page_size should be between 1 and ${max}.`);
  }
  return size;
}

export type Body = Record<string, unknown>;

export function bodyInt(body: Body, name: string): number {
  const value = body[name];
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw paramError(`Wrong parameters, detail: ${name} is required.`);
  }
  return value;
}

export function bodyString(body: Body, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value === '') {
    throw paramError(`Wrong parameters, detail: ${name} is required.`);
  }
  return value;
}

export function bodyList(body: Body, name: string, max = 50): Body[] {
  const value = body[name];
  if (!Array.isArray(value) || value.length === 0 || value.length > max) {
    throw paramError(`Wrong parameters, detail: ${name} length should be between 1 and ${max}.`);
  }
  return value as Body[];
}
