// The finished library's public face: the pages other features send the seller to.
export { COLLECT_PATH, editPath } from './paths.ts';
