import type { FastifyBaseLogger } from 'fastify';
import type { Message } from '../i18n/messages.ts';

export interface JobContext {
  jobId: string;
  sellerId: number | null;
  payload: unknown;
  /** 0 on the first run; raised each time the job is resumed after its worker went silent. */
  attempt: number;
  log: FastifyBaseLogger;
  /**
   * Aborted once the job was handed to another worker (this one went silent, e.g. a stalled
   * process): stop at the next safe point, the other worker carries on.
   */
  signal: AbortSignal;
  /**
   * Records progress in the `jobs` table for the UI's progress bar; `message` is a catalogue
   * key, rendered in the reader's language when the job is read.
   */
  progress(done: number, total?: number, message?: Message): Promise<void>;
}

export type JobHandler = (job: JobContext) => Promise<unknown>;

export interface JobKindOptions {
  /** Jobs of this kind one process runs at the same time (default 1). */
  concurrency?: number;
  /**
   * The handler may run again from the start after its worker died and carries on from what
   * it recorded (default false: such a job fails with "interrupted").
   */
  resumable?: boolean;
  /**
   * How long pg-boss lets one run take before it gives the worker the next job (default 15
   * minutes); size it to the longest run, since the handler itself is not stopped.
   */
  expireInSeconds?: number;
}

/** The one job runner: pg-boss on PostgreSQL, and on PGlite through its SQL adapter. */
export interface JobRunner {
  define(kind: string, handler: JobHandler, options?: JobKindOptions): void;
  enqueue(input: {
    kind: string;
    sellerId: number | null;
    payload?: unknown;
    total?: number;
  }): Promise<string>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
