export {
  DESIGN_RENDER,
  saveDesign,
  savePlatformDesign,
  whiteMainImage,
  type DesignDeps,
} from './service.ts';
