import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(serverDir, 'dist/test-server');
const bundle = path.join(outDir, 'main.js');
/** The files the bundle was built from (esbuild's metafile inputs, relative to serverDir). */
const inputsFile = path.join(outDir, 'inputs.json');

/** True when the bundle exists and none of the files it was built from changed since. */
function fresh(): boolean {
  try {
    const built = fs.statSync(bundle).mtimeMs;
    const inputs = JSON.parse(fs.readFileSync(inputsFile, 'utf8')) as string[];
    return inputs.every((file) => fs.statSync(path.join(serverDir, file)).mtimeMs <= built);
  } catch {
    return false;
  }
}

async function bundleServer(): Promise<string> {
  if (fresh()) return bundle;
  // Files of their own, renamed into place: another worker may be building the same bundle.
  const tmp = path.join(outDir, `main.${process.pid}.js`);
  const result = await build({
    absWorkingDir: serverDir,
    entryPoints: ['src/main.ts'],
    outfile: tmp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    metafile: true,
    alias: {
      '@app/shared': path.resolve(serverDir, '../../packages/shared/src/index.ts'),
      '@app/sim': path.resolve(serverDir, '../../packages/sim/src/index.ts'),
    },
    logLevel: 'warning',
  });
  fs.writeFileSync(`${tmp}.inputs`, JSON.stringify(Object.keys(result.metafile.inputs)));
  fs.renameSync(`${tmp}.inputs`, inputsFile);
  fs.renameSync(tmp, bundle);
  return bundle;
}

let built: Promise<string> | undefined;

/**
 * The server bundled as `npm start` runs it (`src/main.ts`, the workspace packages inlined),
 * for the tests that start it as a child process (scale-out, push-kill): through tsx, two such
 * processes on two busy cores took a minute to start. One bundle serves every file and worker
 * of a run, and the next runs while none of its sources changed.
 */
export function serverBundle(): Promise<string> {
  built ??= bundleServer();
  return built;
}
