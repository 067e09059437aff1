import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeOf,
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
import { ok } from '../../http/envelope.ts';
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
const can = (perm?: PermRequirement): { access: Access } => ({ access: { auth: 'user', perm } });

/** The UPC / EAN pool (`/api/upc/*`) and the code and SKU generators (`/api/common/generate/*`). */
export function registerUpcRoutes(app: App): void {
  // Encapsulated, so multipart bodies are parsed for the import only.
  void app.register(async (scope) => {
    await registerMultipart(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/upc/import',
      {
        schema: {
          tags: ['upc'],
          summary:
            'Import UPC-A / EAN-13 codes: a csv or xlsx file (multipart field `file`, up to 100,000 rows; the column headed upc/ean/code, else the first; header optional) or JSON `{ codes: string[] }` (up to 5,000). Each row is checked (digits, length, GS1 check digit) and valid ones go in even when others fail; answers counts and per-row results',
          consumes: ['multipart/form-data', 'application/json'],
          response: { 200: envelopeOf(UpcImportResult) },
        },
        config: can(upc('import')),
      },
      async (request) => {
        if (request.isMultipart()) {
          const upload = await readUpload(scope, request);
          return ok(
            await importCodes(request.ctx, await readCodeRows(upload.bytes, upload.filename)),
          );
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
        return ok(await importCodes(request.ctx, rows));
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/upc/index',
    {
      schema: {
        tags: ['upc'],
        summary:
          "Page the seller's codes newest first, filtered by state, kind and digits; with counts per state over the whole pool",
        querystring: UpcQuery,
        response: { 200: envelopeOf(UpcPage) },
      },
      config: can(upc('list')),
    },
    async (request) => ok(await listCodes(request.ctx, request.query)),
  );
  r.post(
    '/api/upc/reset',
    {
      schema: {
        tags: ['upc'],
        summary:
          '`free`: return void codes, and used codes whose listing was deleted or never published, to the pool; `void`/`delete`: free or void codes. One result per id with the reason of a refusal',
        body: UpcResetInput,
        response: { 200: envelopeOf(UpcResetResult) },
      },
      config: can(upc('delete')),
    },
    async (request) => ok(await resetCodes(request.ctx, request.body)),
  );

  const tags = ['common'];
  r.get(
    '/api/common/generate/upc',
    {
      schema: {
        tags,
        summary:
          'Preview the next free codes of the pool (oldest first) and how many are free; nothing is reserved: publishing takes its code in its own transaction',
        querystring: GenerateUpcInput,
        response: { 200: envelopeOf(GenerateUpcResult) },
      },
      config: can(),
    },
    async (request) => ok(await previewFreeCodes(request.ctx, request.query)),
  );
  r.post(
    '/api/common/generate/myupc',
    {
      schema: {
        tags,
        summary:
          "Generate valid codes from the seller's GS1 company prefix (6–11 digits) and item references counting up from `start`, skipping codes already in the pool; they join the pool as free",
        body: GenerateMyUpcInput,
        response: { 200: envelopeOf(GenerateMyUpcResult) },
      },
      config: can(upc('import')),
    },
    async (request) => ok(await generateFromPrefix(request.ctx, request.body)),
  );
  r.post(
    '/api/common/generate/sku',
    {
      schema: {
        tags,
        summary:
          "Hand out the next SKUs of the seller's rule; never one handed out before nor one of the seller's finished SKU codes",
        body: GenerateSkuInput,
        response: { 200: envelopeOf(GenerateSkuResult) },
      },
      config: can(),
    },
    async (request) => ok(await generateSkus(request.ctx, request.body)),
  );
  r.get(
    '/api/common/generate/sku-rule',
    {
      schema: {
        tags,
        summary: "The seller's SKU rule (a default until saved) and today's next sequence",
        response: { 200: envelopeOf(SkuRule) },
      },
      config: can(),
    },
    async (request) => ok(await getSkuRule(request.ctx)),
  );
  r.post(
    '/api/common/generate/sku-rule',
    {
      schema: {
        tags,
        summary: "Save the seller's SKU rule: prefix, date format, sequence width, separator",
        body: SkuRuleInput,
        response: { 200: envelopeOf(SkuRule) },
      },
      config: can(upc('import')),
    },
    async (request) => ok(await saveSkuRule(request.ctx, request.body)),
  );
}
