import {
  OssConfirmInput,
  OssStsInput,
  OssUploadCredentials,
  permOf,
  UploadedFile,
} from '@app/shared';
import type { App, AppDeps } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { uploadCtx } from '../uploads/index.ts';
import { confirmDirectUpload, DIRECT_UPLOAD_SECONDS, issueUploadCredentials } from './service.ts';

const tags = ['common'];
const addMaterial: { access: Access } = {
  access: { auth: 'user', perm: permOf('/goods/materialMmt', 'add') },
};

/** Uploads the browser sends straight to S3-compatible storage instead of through this server. */
export function registerDirectUploadRoutes(app: App, deps: AppDeps): void {
  route(
    app,
    {
      method: 'POST',
      url: '/api/common/get-oss-sts',
      tags,
      summary: `Short-lived upload credentials: a presigned PUT URL for one new image object, valid ${DIRECT_UPLOAD_SECONDS} s; confirm it with oss-confirm. 409 when S3-compatible storage is not configured`,
      body: OssStsInput,
      response: OssUploadCredentials,
      ...addMaterial,
    },
    (_ctx, input, request) => issueUploadCredentials(uploadCtx(request, deps), input),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/common/oss-confirm',
      tags,
      summary:
        'Register a direct upload as a file: its bytes are checked and re-encoded like upload-single (within the storage quota) and the raw object is removed',
      body: OssConfirmInput,
      response: UploadedFile,
      ...addMaterial,
    },
    (_ctx, input, request) => confirmDirectUpload(uploadCtx(request, deps), input),
  );
}
