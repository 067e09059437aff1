// The material library's public face: the seller's artwork, which the design tool and the listing
// editor pick from and upload to.
export { uploadMaterial, useMaterials } from './api/materials.ts';
export { useMaterialUpload } from './api/use-material-upload.ts';
