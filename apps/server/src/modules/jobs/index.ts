// What other modules use of jobs: a job row's message in the reader's language.
export { messageIn as jobMessageIn } from './service.ts';
