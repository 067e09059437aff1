// Operator roles: the routes, and the seed of the built-in role that holds the whole console.
export { registerSysRoleRoutes } from './routes.ts';
export { seedSuperRole } from './service.ts';
