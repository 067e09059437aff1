// Platform settings (`sys_params`): read by the services and jobs that honour them, edited at sys/param.
export { registerSysParamRoutes } from './routes.ts';
export {
  PARAM_DEFS,
  PARAM_KEYS,
  paramValue,
  readParam,
  seedParams,
  writeParam,
  type ParamKey,
} from './service.ts';
