// The UPC pool's public face: the only way listings take, publish and release codes.
export { markCodesPublished, releaseCodes, takeFreeCode } from './pool.ts';
