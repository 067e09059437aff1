// The help center: its routes and the articles a new platform starts with.
export { registerHelpRoutes } from './routes.ts';
export { seedHelpCenter } from './seed.ts';
