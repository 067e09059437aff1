export { finishedJobFile } from './finished.ts';
