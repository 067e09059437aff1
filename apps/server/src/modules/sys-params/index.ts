// Platform settings (`sys_params`): read by the services and jobs that honour them.
export { PARAM_KEYS, readParam, writeParam, type ParamKey } from './service.ts';
