export { backgroundMask, cutOut, onWhiteSquare, WHITE_MAIN_PX } from './background.ts';
export { stopOcr } from './ocr.ts';
export { translateImage, type ImageToolsCtx } from './service.ts';
