// The production desk's public face for the job runner: the parcel-tracking poll.
export { runShipImport, SHIP_IMPORT } from './ship-import.ts';
export { pollParcels, TRACKING_POLL, type TrackingDeps } from './tracking.ts';
// The operator's actions, for the demo's story (seed/story.ts), which tells the loop by them.
export { acceptOrders, markProduced, raiseException } from './actions.ts';
export { shipPackage } from './ship.ts';
// The factory list, which the catalogue console offers for a product's production.
export { listFactories } from './factories.ts';
