// Scheduled tasks: the routes, the scheduler's tick the job handlers register, and the seed.
export { registerSysTaskRoutes } from './routes.ts';
export { runDueTasks, seedTasks, TASKS_TICK } from './scheduler.ts';
