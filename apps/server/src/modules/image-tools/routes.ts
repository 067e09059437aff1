import {
  EDITOR_PERM,
  ImageTranslateInput,
  ImageTranslateResult,
  MobilePrefixList,
  RemoveBackgroundInput,
  RemoveBackgroundResult,
} from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { createTranslator } from '../../integrations/translator/index.ts';
import { uploadCtx } from '../uploads/index.ts';
import { stopOcr } from './ocr.ts';
import { mobilePrefixes } from './prefixes.ts';
import { removeImageBackground, translateImage } from './service.ts';

const tags = ['common'];

export function registerImageToolRoutes(app: App, deps: AppDeps): void {
  const translator = createTranslator(deps.config);
  app.addHook('onClose', () => stopOcr());

  route(
    app,
    {
      method: 'POST',
      url: '/api/common/remove-background',
      tags,
      summary:
        "Store a copy of one of the seller's images (`file_id`) or of an image URL of this server with its plain background removed: on pure white (JPEG) or transparent (PNG), found by a flood fill from the border in Lab colour within `tolerance`",
      body: RemoveBackgroundInput,
      response: RemoveBackgroundResult,
      access: { auth: 'user', perm: EDITOR_PERM },
    },
    (_ctx, input, request) => removeImageBackground(uploadCtx(request, deps), input),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/common/image-translate',
      tags,
      summary:
        'Read the text in an image (OCR, Latin script), translate each piece with letters into `target` through the configured translator, paint it over and store the copy; answers the before and after URLs; 503 without a translator',
      body: ImageTranslateInput,
      response: ImageTranslateResult,
      access: { auth: 'user', perm: EDITOR_PERM },
    },
    (_ctx, input, request) => translateImage({ ...uploadCtx(request, deps), translator }, input),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/common/get-mobile-prefix',
      tags,
      summary:
        'Country and region calling codes (libphonenumber metadata) with their names in Chinese and English, by Chinese name with China first',
      response: MobilePrefixList,
      access: { auth: 'public' },
    },
    () => mobilePrefixes(),
  );
}
