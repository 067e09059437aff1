// The operation log: the recorder every route goes through, and the purge job's step.
export { registerOperationLog } from './recorder.ts';
export { registerSysLogRoutes } from './routes.ts';
export { purgeOperationLog } from './service.ts';
