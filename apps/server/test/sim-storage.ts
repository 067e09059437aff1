import { SIM_S3_DEFAULTS, startS3Simulator, type S3SimulatorOptions } from '@app/sim';
import { createS3Storage, type S3Options } from '../src/integrations/s3-storage.ts';

/** The S3 simulator on a free port and S3 storage pointed at it (path-style, as for MinIO). */
export async function startSimStorage(
  opts: { sim?: S3SimulatorOptions; storage?: Partial<S3Options> } = {},
) {
  const sim = await startS3Simulator(opts.sim);
  const options: S3Options = {
    endpoint: sim.url,
    region: SIM_S3_DEFAULTS.region,
    bucket: SIM_S3_DEFAULTS.bucket,
    accessKeyId: SIM_S3_DEFAULTS.accessKeyId,
    secretAccessKey: SIM_S3_DEFAULTS.secretAccessKey,
    forcePathStyle: true,
    ...opts.storage,
  };
  return { sim, options, storage: createS3Storage(options), close: sim.close };
}
