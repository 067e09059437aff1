// The operators' console (/admin): the router mounts it; nothing else reaches inside.
export { AdminApp } from './admin-app.tsx';
