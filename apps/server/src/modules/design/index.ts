export { DESIGN_RENDER, saveDesign, savePlatformDesign, whiteMainImage } from './service.ts';
