import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EDITOR_PERM,
  GenerateMyUpcInput,
  GenerateMyUpcResult,
  GenerateSkuInput,
  GenerateSkuResult,
  GenerateUpcInput,
  GenerateUpcResult,
  permOf,
  SkuRule,
  SkuRuleInput,
  UpcImportResult,
  UpcPage,
  UpcPasteInput,
  UpcQuery,
  UpcResetInput,
  UpcResetResult,
  type PermRequirement,
  issueMessage,
} from '@app/shared';
import type { App } from '../../http/deps.ts';
import { ValidationError } from '../../errors.ts';
import type { Access } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { readUpload, registerMultipart } from '../uploads/index.ts';
import { readCodeRows } from './read-codes.ts';
import {
  generateFromPrefix,
  importCodes,
  listCodes,
  previewFreeCodes,
  resetCodes,
} from './service.ts';
import { generateSkus, getSkuRule, saveSkuRule } from './sku.ts';

const upc = (action: string) => permOf('/goods/upc', action);
const can = (perm: PermRequirement): { access: Access } => ({ access: { auth: 'user', perm } });

/** The UPC / EAN pool (`/api/upc/*`) and the code and SKU generators (`/api/common/generate/*`). */
export function registerUpcRoutes(app: App): void {
  // Encapsulated, so multipart bodies are parsed for the import only.
  void app.register(async (scope) => {
    await registerMultipart(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    route(
      r,
      {
        method: 'POST',
        url: '/api/upc/import',
        tags: ['upc'],
        summary:
          'Import UPC-A / EAN-13 codes: a csv or xlsx file (multipart field `file`, up to 100,000 rows; the column headed upc/ean/code, else the first; header optional) or JSON `{ codes: string[] }` (up to 5,000). Each row is checked (digits, length, GS1 check digit) and valid ones go in even when others fail; answers counts and per-row results',
        consumes: ['multipart/form-data', 'application/json'],
        response: UpcImportResult,
        ...can(upc('import')),
      },
      async (ctx, _input, request) => {
        if (request.isMultipart()) {
          const upload = await readUpload(scope, request);
          return importCodes(ctx, await readCodeRows(upload.bytes, upload.filename));
        }
        const parsed = UpcPasteInput.safeParse(request.body ?? {});
        if (!parsed.success) {
          throw new ValidationError(
            Object.fromEntries(
              parsed.error.issues.map((i) => [String(i.path[0] ?? 'codes'), issueMessage(i)]),
            ),
          );
        }
        const rows = parsed.data.codes
          .map((code, i) => ({ row: i + 1, code: code.trim() }))
          .filter((r) => r.code !== '');
        return importCodes(ctx, rows);
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  route(
    r,
    {
      method: 'GET',
      url: '/api/upc/index',
      tags: ['upc'],
      summary:
        "Page the seller's codes newest first, filtered by state, kind and digits; with counts per state over the whole pool",
      querystring: UpcQuery,
      response: UpcPage,
      ...can(upc('list')),
    },
    (ctx, input) => listCodes(ctx, input),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/upc/reset',
      tags: ['upc'],
      summary:
        '`free`: return void codes, and used codes whose listing was deleted or never published, to the pool; `void`/`delete`: free or void codes. One result per id with the reason of a refusal',
      body: UpcResetInput,
      response: UpcResetResult,
      ...can(upc('delete')),
    },
    (ctx, input) => resetCodes(ctx, input),
  );

  const tags = ['common'];
  route(
    r,
    {
      method: 'GET',
      url: '/api/common/generate/upc',
      tags,
      summary:
        'Preview the next free codes of the pool (oldest first) and how many are free; nothing is reserved: publishing takes its code in its own transaction',
      querystring: GenerateUpcInput,
      response: GenerateUpcResult,
      ...can({ or: [EDITOR_PERM, upc('list')] }),
    },
    (ctx, input) => previewFreeCodes(ctx, input),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/common/generate/myupc',
      tags,
      summary:
        "Generate valid codes from the seller's GS1 company prefix (6–11 digits) and item references counting up from `start`, skipping codes already in the pool; they join the pool as free",
      body: GenerateMyUpcInput,
      response: GenerateMyUpcResult,
      ...can(upc('import')),
    },
    (ctx, input) => generateFromPrefix(ctx, input),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/common/generate/sku',
      tags,
      summary:
        "Hand out the next SKUs of the seller's rule; never one handed out before nor one of the seller's finished SKU codes",
      body: GenerateSkuInput,
      response: GenerateSkuResult,
      ...can(EDITOR_PERM),
    },
    (ctx, input) => generateSkus(ctx, input),
  );
  route(
    r,
    {
      method: 'GET',
      url: '/api/common/generate/sku-rule',
      tags,
      summary: "The seller's SKU rule (a default until saved) and today's next sequence",
      response: SkuRule,
      ...can({ or: [EDITOR_PERM, upc('import')] }),
    },
    (ctx) => getSkuRule(ctx),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/common/generate/sku-rule',
      tags,
      summary: "Save the seller's SKU rule: prefix, date format, sequence width, separator",
      body: SkuRuleInput,
      response: SkuRule,
      ...can(upc('import')),
    },
    (ctx, input) => saveSkuRule(ctx, input),
  );
}
