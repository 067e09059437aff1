// The production desk's public face for the job runner: the parcel-tracking poll.
export { runShipImport, SHIP_IMPORT } from './ship-import.ts';
export { pollParcels, TRACKING_POLL, type TrackingDeps } from './tracking.ts';
