import path from 'node:path';
import type {
  ImageTranslateInput,
  ImageTranslateResult,
  RemoveBackgroundInput,
  RemoveBackgroundResult,
} from '@app/shared';
import {
  sameLanguage,
  TranslatorError,
  type Translator,
} from '../../integrations/translator/index.ts';
import { readImageSource, storeDerivedImage, type ImageSource } from '../uploads/index.ts';
import type { UploadCtx } from '../uploads/service.ts';
import { removeBackground } from './background.ts';
import { readLines } from './ocr.ts';
import { hasLetters, paintTranslations, segmentsOf } from './paint.ts';

export type ImageToolsCtx = UploadCtx & { translator: Translator | null };

/** `shirt.jpg` with suffix `white` and extension `png` is `shirt_white.png`. */
function derivedName(source: ImageSource, suffix: string, ext: string): string {
  const stem = source.name.slice(0, source.name.length - path.extname(source.name).length);
  return `${stem}_${suffix}.${ext}`;
}

/** `/api/common/remove-background`: a copy of the image on white (or transparent), beside it. */
export async function removeImageBackground(
  ctx: UploadCtx,
  input: RemoveBackgroundInput,
): Promise<RemoveBackgroundResult> {
  const source = await readImageSource(ctx, input);
  const started = performance.now();
  const out = await removeBackground(source.bytes, input);
  const millis = Math.round(performance.now() - started);
  const file = await storeDerivedImage(
    ctx,
    { ext: out.ext, data: out.data, width: out.width, height: out.height },
    derivedName(source, input.background === 'white' ? 'white' : 'cutout', out.ext),
    source.placement,
  );
  return { file, background_share: out.share, millis };
}

function requireTranslator(ctx: ImageToolsCtx): Translator {
  if (!ctx.translator) throw new TranslatorError('listings.no_translator', 'unavailable');
  return ctx.translator;
}

/**
 * `/api/common/image-translate`: the text in the picture read (OCR), each piece with letters
 * translated, its box painted over and the translation drawn in; a copy beside the original.
 */
export async function translateImage(
  ctx: ImageToolsCtx,
  input: ImageTranslateInput,
): Promise<ImageTranslateResult> {
  const translator = requireTranslator(ctx);
  const source = await readImageSource(ctx, input);
  const segments = segmentsOf(await readLines(source.bytes));
  const wanted = segments.filter((s) => hasLetters(s.text));
  const translated = sameLanguage(input.source, input.target)
    ? wanted.map((s) => s.text)
    : await translator.translate(
        wanted.map((s) => s.text),
        input.source,
        input.target,
      );
  const after = new Map(wanted.map((s, i) => [s, translated[i] ?? s.text]));
  const changed = segments.filter((s) => after.has(s) && after.get(s) !== s.text);
  const painted = await paintTranslations(
    source.bytes,
    changed.map((s) => ({ box: s.box, text: after.get(s)! })),
  );
  const ext = painted.format === 'jpeg' ? 'jpg' : 'png';
  const file = await storeDerivedImage(
    ctx,
    { ext, data: painted.data, width: painted.width, height: painted.height },
    derivedName(source, input.target.toLowerCase(), ext),
    source.placement,
  );
  return {
    before_url: source.url,
    after_url: file.url,
    file,
    segments: segments.map((s) => ({
      text: s.text,
      translated: after.get(s) ?? s.text,
      box: s.box,
      changed: changed.includes(s),
    })),
  };
}
