/** FBA inbound shipments (issue 21): what other modules may use of this one. */
export { registerFbaRoutes } from './routes.ts';
export { FBA_SYNC, syncOpenShipments } from './sync-job.ts';
