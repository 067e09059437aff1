import { inject } from 'vitest';

/**
 * The server this worker's files drive: global-setup.ts starts one per worker, and
 * VITEST_POOL_ID (1 to maxWorkers) says which worker this is.
 */
const servers = inject('baseURLs');
export const baseURL = servers[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % servers.length]!;
export const captcha = inject('captcha');
