/** Inventory (issue 21): what other modules may use of this one. */
export { registerInventoryRoutes } from './routes.ts';
