/** Local simulators of the external services the server talks to, speaking their real protocols. */
export { S3Error } from './s3/errors.ts';
export {
  createS3Simulator,
  SIM_S3_DEFAULTS,
  startS3Simulator,
  type RunningS3Simulator,
  type S3Simulator,
  type S3SimulatorOptions,
} from './s3/server.ts';
export type { SimCredentials } from './s3/signature.ts';
