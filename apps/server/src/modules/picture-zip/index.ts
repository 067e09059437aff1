export { runPictureZip } from './job.ts';
export { PICTURE_ZIP } from './service.ts';
