/** What the rest of the server uses of listings: the job handlers, and what marketplace events change. */
export { registerListingJobs } from './lifecycle.ts';
export { LISTINGS_IMAGES_TRANSLATE, runImagesTranslate } from './image-translate.ts';
export { noteRemoteListingStatus } from './remote-status.ts';
export { registerListingStatusJobs } from './status-sync.ts';
export { batchImagesOf, recentBatches, type ListingImages } from './batch-images.ts';
