/** What the rest of the server uses of listings: the job handlers the worker registers. */
export { registerListingJobs } from './lifecycle.ts';
export { LISTINGS_IMAGES_TRANSLATE, runImagesTranslate } from './image-translate.ts';
