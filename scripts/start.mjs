import { buildIfStale, root, run, SERVER_NODE_FLAGS } from './lib.mjs';

// `npm start`: build what changed, then serve web + API on one port (embedded PGlite unless DATABASE_URL).
// It runs the demo (DEMO=1: dev outbox, simulators, demo logins, API docs); without DEMO the
// server starts in production mode.
await buildIfStale();
const env = { NODE_ENV: 'development', DEMO: '1', ...process.env };
process.exitCode = await run(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
  cwd: root,
  env,
});
