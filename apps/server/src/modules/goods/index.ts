/** What other modules (the design tool, the picture zip) and the demo seed use of finished goods. */
export { createFromParent, duplicateProduct } from './create.ts';
export { replaceMockups } from './skus.ts';
export { imagesOf, showProduct, type ProductImages } from './show.ts';
export { updateProduct } from './edit.ts';
