import type { TrackingEvent, TrackingStatus } from '@app/shared';

/** What a carrier says about a parcel now: its status and every event, newest first. */
export interface Tracking {
  status: Exclude<TrackingStatus, 'pending'>;
  events: TrackingEvent[];
}

/** A carrier-tracking service (Kuaidi100, or its simulator). */
export interface TrackingProvider {
  /** `carrier` is the carrier's name as packages store it (`LOGISTICS_CHANNELS` `carrier`). */
  track(carrier: string, trackingNo: string): Promise<Tracking>;
}

/** The service refused or failed: `code` is its own return code, kept on the package. */
export class TrackingError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'TrackingError';
  }
}
