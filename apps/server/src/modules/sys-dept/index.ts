// Operators' departments: the routes, and the check the operator service makes on a department id.
export { registerSysDeptRoutes } from './routes.ts';
export { checkDepartment } from './service.ts';
