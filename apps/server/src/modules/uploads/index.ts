// Uploads' public face: multipart reading, folders, quota and object-key tools for the modules
// that store files (images, materials, direct uploads, design, UPC imports).
export { createFolder, folderTree, requireFolder, subtreeIds, updateFolder } from './folders.ts';
export {
  imageUploadMaxBytes,
  MAX_UPLOAD_BYTES,
  parseFields,
  readImageUpload,
  readUpload,
  registerMultipart,
} from './multipart.ts';
export { dilateStorage, storageSpace } from './quota.ts';
export {
  foreignUrls,
  isPlatformKey,
  readImageSource,
  storeDerivedImage,
  type ImageSource,
} from './tools.ts';
export { storeCatalogImage } from './service.ts';
export { uploadCtx } from './upload-ctx.ts';
