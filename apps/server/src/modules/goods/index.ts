/** What other modules (the design tool) and the demo seed use of finished goods. */
export { createFromParent } from './create.ts';
export { replaceMockups } from './skus.ts';
export { showProduct } from './show.ts';
export { updateProduct } from './edit.ts';
