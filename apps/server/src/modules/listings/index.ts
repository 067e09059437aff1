/** What the rest of the server uses of listings: the job handlers the worker registers. */
export { registerListingJobs } from './lifecycle.ts';
export { registerListingStatusJobs } from './status-sync.ts';
