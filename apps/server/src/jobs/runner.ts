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

/** The one job runner: pg-boss on PostgreSQL, and on PGlite through its SQL adapter. */
export interface JobRunner {
  define(kind: string, handler: JobHandler): void;
  enqueue(input: {
    kind: string;
    sellerId: number | null;
    payload?: unknown;
    total?: number;
  }): Promise<string>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
