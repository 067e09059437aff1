import type {
  Task,
  TaskInput,
  TaskList,
  TaskLogPage,
  TaskOnceInput,
  TaskOnceResult,
  TaskUpdateInput,
} from '@app/shared';
import { api } from '../../../api/client.ts';

/** Scheduled tasks (`/api/sys/task/*`). */
const operator = { session: 'operator' } as const;

export const taskKeys = {
  all: ['admin', 'sys-task'] as const,
  list: () => [...taskKeys.all, 'list'] as const,
  log: (id: number, page: number) => [...taskKeys.all, 'log', id, page] as const,
};

export const sysTask = {
  list: () => api.get<TaskList>('/sys/task/list', undefined, operator),
  add: (input: TaskInput) => api.post<Task>('/sys/task/add', input, operator),
  update: (input: TaskUpdateInput) => api.post<Task>('/sys/task/update', input, operator),
  remove: (id: number) =>
    api.post<{ deleted: number }>('/sys/task/delete', { ids: [id] }, operator),
  stop: (id: number) => api.post<Task>('/sys/task/stop', { id }, operator),
  start: (id: number) => api.post<Task>('/sys/task/start', { id }, operator),
  once: (input: TaskOnceInput) => api.post<TaskOnceResult>('/sys/task/once', input, operator),
  log: (id: number, page: number) =>
    api.get<TaskLogPage>('/sys/task/log', { id, page, size: 10 }, operator),
};
