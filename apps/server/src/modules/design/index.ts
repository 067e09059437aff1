export { whiteMainImage } from './service.ts';
