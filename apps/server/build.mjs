import { build } from 'esbuild';

// One bundle for `npm start`: workspace packages are inlined, npm dependencies stay external.
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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
