// The platform's operators (`sys/user`) and each operator's own profile (`comm/person*`).
export { registerPersonRoutes, registerSysUserRoutes } from './routes.ts';
