// The operator's view of the server's health.
export { registerSysInfoRoutes } from './routes.ts';
