import { buildIfStale, root, run } from './lib.mjs';

// `npm start`: build what changed, then serve web + API on one port (embedded PGlite unless DATABASE_URL).
await buildIfStale();
const env = { NODE_ENV: 'development', ...process.env };
process.exitCode = await run(
  process.execPath,
  ['--enable-source-maps', 'apps/server/dist/main.js'],
  { cwd: root, env },
);
