import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Bundles a server entry (paths relative to apps/server) as `npm start` runs it: workspace
 * packages are inlined, npm dependencies stay external. Benches that measure memory run their
 * script bundled this way, so they carry what the server carries (tsx keeps every file's
 * source and source map, about 120 MB more RSS with the server's modules loaded).
 */
export const bundleServer = (entry, outfile) =>
  build({
    absWorkingDir: here,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    packages: 'external',
    alias: {
      '@app/shared': '../../packages/shared/src/index.ts',
      '@app/sim': '../../packages/sim/src/index.ts',
    },
    logLevel: 'warning',
  });
