import type { FastifyBaseLogger } from 'fastify';

export interface JobContext {
  jobId: string;
  sellerId: number | null;
  payload: unknown;
  log: FastifyBaseLogger;
  /** Records progress in the `jobs` table for the UI's progress bar. */
  progress(done: number, total?: number, message?: string): Promise<void>;
}

export type JobHandler = (job: JobContext) => Promise<unknown>;

export interface JobKindOptions {
  /** Jobs of this kind one process runs at the same time (default 1). */
  concurrency?: number;
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
