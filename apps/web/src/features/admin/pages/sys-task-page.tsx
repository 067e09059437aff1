import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Drawer,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  formatTimestamp,
  TASK_JOBS,
  type Task,
  type TaskData,
  type TaskRunSummary,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { sysTask, taskKeys } from '../api/tasks.ts';
import { useOperatorCan } from '../components/operator-can.tsx';

const RUN_COLORS: Record<TaskRunSummary['status'], string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
};

/** A JSON object typed by the operator, or undefined when the box is empty; throws when not JSON. */
function parseData(text: string | undefined): TaskData | undefined {
  if (!text?.trim()) return undefined;
  const value: unknown = JSON.parse(text);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new SyntaxError();
  return value as TaskData;
}

const showJson = (value: unknown) =>
  value === null || value === undefined ? '' : JSON.stringify(value);

/** Seeded tasks' names and remarks are i18n keys (`task.name.*`); operators' own text shows as typed. */
function useTaskText(): (text: string) => string {
  const { t } = useTranslation();
  return (text) =>
    text.startsWith('task.') ? t(text as 'common.home', { defaultValue: text }) : text;
}

function RunStatus({ run }: { run: TaskRunSummary }) {
  const { t } = useTranslation();
  return <Tag color={RUN_COLORS[run.status]}>{t(`admin.sysTask.runStatus.${run.status}`)}</Tag>;
}

/** The runs of one task, newest first. */
function TaskLog({ task, onClose }: { task: Task; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useTaskText();
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: taskKeys.log(task.id, page),
    queryFn: () => sysTask.log(task.id, page),
    refetchInterval: 3000,
  });
  return (
    <Drawer
      open
      width={760}
      title={t('admin.sysTask.logTitle', { name: text(task.name) })}
      onClose={onClose}
    >
      <Table<TaskRunSummary>
        rowKey="id"
        size="small"
        dataSource={log.data?.list ?? []}
        loading={log.isLoading}
        locale={{ emptyText: t('admin.sysTask.logEmpty') }}
        pagination={{
          current: page,
          pageSize: 10,
          total: log.data?.pagination.total ?? 0,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'queued',
            title: t('admin.sysTask.columns.startedAt'),
            render: (_, run) => formatTimestamp(run.started_at ?? run.queued_at),
          },
          {
            key: 'trigger',
            title: t('admin.sysTask.columns.trigger'),
            render: (_, run) => t(`admin.sysTask.triggers.${run.trigger}`),
          },
          {
            key: 'status',
            title: t('admin.sysTask.columns.status'),
            render: (_, run) => <RunStatus run={run} />,
          },
          {
            key: 'duration',
            title: t('admin.sysTask.columns.duration'),
            align: 'right',
            render: (_, run) =>
              run.duration_ms === null ? '' : t('admin.sysTask.ms', { ms: run.duration_ms }),
          },
          {
            key: 'result',
            title: t('admin.sysTask.columns.result'),
            render: (_, run) =>
              run.error ? (
                <Typography.Text type="danger">{run.error}</Typography.Text>
              ) : (
                <Typography.Text code>{showJson(run.result)}</Typography.Text>
              ),
          },
          {
            key: 'data',
            title: t('admin.sysTask.columns.data'),
            render: (_, run) => <Typography.Text code>{showJson(run.data)}</Typography.Text>,
          },
        ]}
      />
    </Drawer>
  );
}

interface TaskFormValues {
  name: string;
  job: Task['job'];
  cron: string;
  data?: string;
  remark?: string;
}

/** Add (no task) or edit a task; the body is typed as JSON. */
function TaskForm({ task, onDone }: { task: Task | null; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const text = useTaskText();
  const [form] = Form.useForm<TaskFormValues>();
  const [saving, setSaving] = useState(false);
  const submit = async (values: TaskFormValues) => {
    let data: TaskData | undefined;
    try {
      data = parseData(values.data);
    } catch {
      form.setFields([{ name: 'data', errors: [t('admin.sysTask.badJson')] }]);
      return;
    }
    setSaving(true);
    try {
      // A seeded name or remark left as shown keeps its key, so it stays in every language.
      const keep = (typed: string, stored: string | undefined) =>
        stored !== undefined && typed === text(stored) ? stored : typed;
      const input = {
        name: keep(values.name, task?.name),
        job: values.job,
        cron: values.cron,
        data: data ?? null,
        remark: keep(values.remark ?? '', task?.remark),
      };
      if (task) await sysTask.update({ id: task.id, ...input });
      else await sysTask.add(input);
      feedback.success(t('admin.sysTask.saved'));
      onDone(true);
    } catch (error) {
      reportError(error, form);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={task ? t('admin.sysTask.edit') : t('admin.sysTask.add')}
      okText={t('admin.sysTask.save')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onDone(false)}
    >
      <Form<TaskFormValues>
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        initialValues={
          task
            ? {
                name: text(task.name),
                job: task.job,
                cron: task.cron,
                data: task.data ? JSON.stringify(task.data, null, 2) : '',
                remark: text(task.remark),
              }
            : { job: TASK_JOBS[0], cron: '*/15 * * * *' }
        }
      >
        <Form.Item name="name" label={t('admin.sysTask.columns.name')} rules={[{ required: true }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="job" label={t('admin.sysTask.columns.job')} rules={[{ required: true }]}>
          <Select
            options={TASK_JOBS.map((job) => ({
              value: job,
              label: t(`admin.sysTask.jobs.${job}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="cron"
          label={t('admin.sysTask.columns.cron')}
          extra={t('admin.sysTask.cronHelp')}
          rules={[{ required: true }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="data" label={t('admin.sysTask.columns.data')}>
          <Input.TextArea rows={3} placeholder='{"seller_id": 1}' />
        </Form.Item>
        <Form.Item name="remark" label={t('admin.sysTask.columns.remark')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Run now, with an optional JSON body in place of the task's own. */
function RunOnce({ task, onDone }: { task: Task; onDone: () => void }) {
  const { t } = useTranslation();
  const text = useTaskText();
  const [form] = Form.useForm<{ data?: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ data }: { data?: string }) => {
    let body: TaskData | undefined;
    try {
      body = parseData(data);
    } catch {
      form.setFields([{ name: 'data', errors: [t('admin.sysTask.badJson')] }]);
      return;
    }
    setBusy(true);
    try {
      await sysTask.once({ id: task.id, ...(body ? { data: body } : {}) });
      feedback.success(t('admin.sysTask.queued', { name: text(task.name) }));
      onDone();
    } catch (error) {
      reportError(error, form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('admin.sysTask.onceTitle', { name: text(task.name) })}
      okText={t('admin.sysTask.runNow')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onDone}
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="data"
          label={t('admin.sysTask.columns.data')}
          extra={t('admin.sysTask.onceHelp')}
        >
          <Input.TextArea rows={4} placeholder={showJson(task.data) || '{}'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /admin/sys/task: the scheduled tasks, their next and last runs, start/stop, run once, the log. */
export function SysTaskPage() {
  const { t } = useTranslation();
  const text = useTaskText();
  const client = useQueryClient();
  const may = useOperatorCan('/sys/task');
  const list = useQuery({
    queryKey: taskKeys.list(),
    queryFn: sysTask.list,
    refetchInterval: 5000,
  });
  const [editing, setEditing] = useState<Task | 'new' | null>(null);
  const [running, setRunning] = useState<Task | null>(null);
  const [logOf, setLogOf] = useState<Task | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: taskKeys.all });
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      feedback.success(done);
      refresh();
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <Card
      title={t('admin.sysTask.title')}
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            {t('admin.sysTask.refresh')}
          </Button>
          {may('add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('admin.sysTask.add')}
            </Button>
          )}
        </Space>
      }
    >
      <Table<Task>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        pagination={false}
        scroll={{ x: 1100 }}
        columns={[
          {
            key: 'name',
            title: t('admin.sysTask.columns.name'),
            render: (_, task) =>
              task.remark ? (
                <Tooltip title={text(task.remark)}>
                  <span>{text(task.name)}</span>
                </Tooltip>
              ) : (
                text(task.name)
              ),
          },
          {
            key: 'job',
            title: t('admin.sysTask.columns.job'),
            render: (_, task) => t(`admin.sysTask.jobs.${task.job}`),
          },
          {
            key: 'cron',
            title: t('admin.sysTask.columns.cron'),
            render: (_, task) => <Typography.Text code>{task.cron}</Typography.Text>,
          },
          {
            key: 'status',
            title: t('admin.sysTask.columns.status'),
            render: (_, task) => (
              <Tag color={task.status === 'running' ? 'green' : 'default'}>
                {t(`admin.sysTask.status.${task.status}`)}
              </Tag>
            ),
          },
          {
            key: 'next',
            title: t('admin.sysTask.columns.next'),
            render: (_, task) => formatTimestamp(task.next_run_at) || '—',
          },
          {
            key: 'last',
            title: t('admin.sysTask.columns.last'),
            render: (_, task) =>
              task.last_run ? (
                <Space size={4}>
                  {formatTimestamp(task.last_run_at)}
                  <RunStatus run={task.last_run} />
                </Space>
              ) : (
                '—'
              ),
          },
          {
            key: 'actions',
            title: t('admin.sysTask.columns.actions'),
            fixed: 'right',
            render: (_, task) => (
              <Space size={0} wrap>
                {task.status === 'running'
                  ? may('stop') && (
                      <Button
                        type="link"
                        onClick={() =>
                          void act(
                            () => sysTask.stop(task.id),
                            t('admin.sysTask.stopped', { name: text(task.name) }),
                          )
                        }
                      >
                        {t('admin.sysTask.stop')}
                      </Button>
                    )
                  : may('start') && (
                      <Button
                        type="link"
                        onClick={() =>
                          void act(
                            () => sysTask.start(task.id),
                            t('admin.sysTask.started', { name: text(task.name) }),
                          )
                        }
                      >
                        {t('admin.sysTask.start')}
                      </Button>
                    )}
                {may('once') && (
                  <Button type="link" onClick={() => setRunning(task)}>
                    {t('admin.sysTask.once')}
                  </Button>
                )}
                {may('log') && (
                  <Button type="link" onClick={() => setLogOf(task)}>
                    {t('admin.sysTask.log')}
                  </Button>
                )}
                {may('update') && (
                  <Button type="link" onClick={() => setEditing(task)}>
                    {t('admin.sysTask.edit')}
                  </Button>
                )}
                {may('delete') && (
                  <Popconfirm
                    title={t('admin.sysTask.deleteConfirm', { name: text(task.name) })}
                    onConfirm={() =>
                      void act(() => sysTask.remove(task.id), t('admin.sysTask.deleted'))
                    }
                  >
                    <Button type="link" danger>
                      {t('admin.sysTask.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <TaskForm
          task={editing === 'new' ? null : editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) refresh();
          }}
        />
      )}
      {running && (
        <RunOnce
          task={running}
          onDone={() => {
            setRunning(null);
            refresh();
          }}
        />
      )}
      {logOf && <TaskLog task={logOf} onClose={() => setLogOf(null)} />}
    </Card>
  );
}
