/** Reference rates as a source publishes them: units of each currency per one `base`. */
export interface PublishedRates {
  base: string;
  /** The day the rates are of, `YYYY-MM-DD`. */
  day: string;
  /** Decimal strings, as published. */
  rates: Record<string, string>;
}

/** Where the exchange-rate refresh reads rates from (`exchange_rate.source`). */
export interface RateSource {
  readonly name: string;
  latest(): Promise<PublishedRates>;
}

/** The source answered nothing usable; the refresh's run fails with this message. */
export class RateSourceError extends Error {}
