import type { App } from '../src/http/deps.ts';

/** One GET or POST operation of the OpenAPI document, typed as far as the caller reads it. */
export interface ApiOperation<Op> {
  method: 'GET' | 'POST';
  url: string;
  op: Op;
}

/** Every GET and POST of the app's OpenAPI document: the route tests walk all of them. */
export async function apiOperations<Op>(app: App): Promise<ApiOperation<Op>[]> {
  const openapi = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  return Object.entries(openapi.paths as Record<string, Record<string, Op>>).flatMap(
    ([url, item]) =>
      (['get', 'post'] as const)
        .filter((m) => item[m])
        .map((m) => ({ method: m.toUpperCase() as 'GET' | 'POST', url, op: item[m]! })),
  );
}
