import { z } from 'zod';
import {
  IdInput,
  IdQuery,
  IdsInput,
  permOf,
  Task,
  TaskInput,
  TaskList,
  TaskLogPage,
  TaskLogQuery,
  TaskOnceInput,
  TaskOnceResult,
  TaskPage,
  TaskPageQuery,
  TaskUpdateInput,
} from '@app/shared';
import type { Access } from '../../http/access.ts';
import type { App } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import {
  addTask,
  deleteTasks,
  listTasks,
  pageTasks,
  runTaskOnce,
  startTask,
  stopTask,
  taskInfo,
  taskLog,
  updateTask,
  type TaskDeps,
} from './service.ts';

const PAGE = '/sys/task';
const can = (action: string): { access: Access } => ({
  access: { auth: 'admin', perm: permOf(PAGE, action) },
});
const tags = ['sys/task'];

/** `/api/sys/task/*`: the scheduled tasks of spec 7 (standard actions, stop, start, once, log). */
export function registerSysTaskRoutes(app: App, deps: TaskDeps): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/task/list',
      tags,
      summary: 'Every scheduled task with its next and last run',
      response: TaskList,
      ...can('list'),
    },
    (ctx) => listTasks(ctx),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/task/page',
      tags,
      summary: 'Scheduled tasks by name or job and status, paged',
      querystring: TaskPageQuery,
      response: TaskPage,
      ...can('page'),
    },
    (ctx, q) => pageTasks(ctx, q),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/task/info',
      tags,
      summary: 'One task',
      querystring: IdQuery,
      response: Task,
      ...can('info'),
    },
    (ctx, q) => taskInfo(ctx, q),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/task/add',
      tags,
      summary: 'Schedule a job kind on a cron, running from its next cron time',
      body: TaskInput,
      response: Task,
      ...can('add'),
    },
    (ctx, input) => addTask(ctx, deps, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/task/update',
      tags,
      summary: 'Change a task; a new cron takes effect from now',
      body: TaskUpdateInput,
      response: Task,
      ...can('update'),
    },
    (ctx, input) => updateTask(ctx, deps, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/task/delete',
      tags,
      summary: 'Delete tasks and their run log',
      body: IdsInput,
      response: z.object({ deleted: z.number().int() }),
      ...can('delete'),
    },
    (ctx, input) => deleteTasks(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/task/stop',
      tags,
      summary: 'Stop a task: no scheduled run until it is started again',
      body: IdInput,
      response: Task,
      ...can('stop'),
    },
    (ctx, input) => stopTask(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/task/start',
      tags,
      summary: 'Start a stopped task from its next cron time',
      body: IdInput,
      response: Task,
      ...can('start'),
    },
    (ctx, input) => startTask(ctx, deps, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/task/once',
      tags,
      summary: 'Run a task now with an optional JSON body (`data`) instead of its own',
      body: TaskOnceInput,
      response: TaskOnceResult,
      ...can('once'),
    },
    (ctx, input) => runTaskOnce(ctx, deps, input),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/task/log',
      tags,
      summary: "A task's runs, newest first: trigger, start, duration, result or error",
      querystring: TaskLogQuery,
      response: TaskLogPage,
      ...can('log'),
    },
    (ctx, q) => taskLog(ctx, q),
  );
}
