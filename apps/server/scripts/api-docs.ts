import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTestApp } from '../test/helper.ts';

interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export const API_DOC_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docs/api.md',
);

/** docs/api.md: every endpoint by tag, from the same OpenAPI document /api/docs serves. */
export function renderApiMarkdown(openapi: {
  paths: Record<string, Partial<Record<string, Operation>>>;
}): string {
  const byTag = new Map<string, string[]>();
  for (const [route, item] of Object.entries(openapi.paths).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      const access = (op.description ?? '').replace(/^Access: /, '').replace(/\.$/, '');
      const row = `| ${method.toUpperCase()} | \`${route}\` | ${op.summary ?? ''} | ${access} |`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, rows]) =>
      [
        `## ${tag}`,
        '',
        '| method | path | what | who may call |',
        '| --- | --- | --- | --- |',
        ...rows,
      ].join('\n'),
    );
  return [
    '# API',
    '',
    'Generated from the OpenAPI document by `npm run docs:api`; a test fails when it is out of date.',
    'A running server serves the full description, with request and response schemas, at `/api/docs`.',
    'Every response is the envelope `{ code, data, message }` (`code` 0 on success); an error adds its stable `key`, and a 422 `data.fields` and `data.field_keys`.',
    '',
    ...sections.flatMap((s) => [s, '']),
  ].join('\n');
}

export async function generateApiMarkdown(): Promise<string> {
  const t = await buildTestApp();
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    return renderApiMarkdown(res.json());
  } finally {
    await t.close();
  }
}
