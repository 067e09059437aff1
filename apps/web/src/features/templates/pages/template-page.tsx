import { useState } from 'react';
import { Card, Empty, Modal, Space, Table, Tabs } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  formatTimestamp,
  permOf,
  TEXT_TEMPLATE_KINDS,
  type TextTemplate,
  type TextTemplateKind,
  type TextTemplateQuery,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import { IconAction } from '../../../shared/ui/icon-action.tsx';
import { deleteTextTemplates, useTemplateMutation, useTextTemplates } from '../api/templates.ts';
import { ForbiddenWordsPanel } from '../components/forbidden-words-panel.tsx';
import { ListLoadError, ListToolbar } from '../components/list-toolbar.tsx';
import { TextTemplateDialog } from '../components/text-template-dialog.tsx';
import '../templates.css';

const PAGE = '/goods/template';
const FIRST_PAGE: TextTemplateQuery = { page: 1, size: 20 };

function KindPanel({ kind }: { kind: TextTemplateKind }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<TextTemplateQuery>(FIRST_PAGE);
  const [editing, setEditing] = useState<TextTemplate | 'new' | null>(null);
  const result = useTextTemplates(kind, query);
  const remove = useTemplateMutation((ids: number[]) => deleteTextTemplates(kind, { ids }));
  const canAdd = useCan(permOf(PAGE, 'add'));
  const canUpdate = useCan(permOf(PAGE, 'update'));
  const canDelete = useCan(permOf(PAGE, 'delete'));
  const pagination = result.data?.pagination;

  const askDelete = (template: TextTemplate) =>
    Modal.confirm({
      title: t('templates.deleteOne', { name: template.name }),
      okText: t('templates.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync([template.id])
          .then((answer) => {
            const done = answer.results.filter((r) => r.ok).length;
            if (done > 0) feedback.success(t('templates.deleted', { count: done }));
            else feedback.warning(t('templates.deleteFailed'));
          })
          .catch((error: unknown) => reportError(error)),
    });

  return (
    <>
      <ListToolbar
        searchLabel={t('templates.search')}
        addLabel={t('templates.add')}
        canAdd={canAdd}
        onSearch={(keyword) => setQuery({ ...FIRST_PAGE, keyword })}
        onAdd={() => setEditing('new')}
      />
      {result.isError ? (
        <ListLoadError title={t('templates.loadFailed')} onRetry={() => void result.refetch()} />
      ) : (
        <Table<TextTemplate>
          rowKey="id"
          loading={result.isFetching}
          dataSource={result.data?.list ?? []}
          locale={{
            emptyText: (
              <Empty
                description={t(query.keyword ? 'templates.emptyFiltered' : 'templates.empty')}
              />
            ),
          }}
          pagination={
            pagination && {
              current: pagination.page,
              pageSize: pagination.size,
              total: pagination.total,
              showSizeChanger: true,
              showTotal: (total) => t('templates.total', { total }),
              onChange: (page, size) =>
                setQuery({ ...query, page: size === query.size ? page : 1, size }),
            }
          }
          columns={[
            { key: 'name', title: t('templates.name'), dataIndex: 'name', width: 220 },
            {
              key: 'content',
              title: t('templates.content'),
              render: (_, template) => (
                <span className="templates-content-cell">{template.content}</span>
              ),
            },
            {
              key: 'updated',
              title: t('templates.updated'),
              width: 170,
              render: (_, template) => formatTimestamp(template.updated_at),
            },
            {
              key: 'actions',
              title: t('templates.actions'),
              width: 100,
              render: (_, template) => (
                <Space size={0}>
                  {canUpdate && (
                    <IconAction
                      label={t('templates.edit')}
                      icon={<EditOutlined />}
                      onClick={() => setEditing(template)}
                    />
                  )}
                  {canDelete && (
                    <IconAction
                      danger
                      label={t('templates.delete')}
                      icon={<DeleteOutlined />}
                      onClick={() => askDelete(template)}
                    />
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <TextTemplateDialog
          kind={kind}
          template={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

/** /goods/template: title, bullet, keyword and description templates, one tab per kind, and forbidden words. */
export function TemplatePage({ title }: ViewProps) {
  const { t } = useTranslation();
  return (
    <Card className="page-card templates-page" variant="borderless" title={title}>
      <Tabs
        destroyOnHidden
        items={[
          ...TEXT_TEMPLATE_KINDS.map((kind) => ({
            key: kind,
            label: t(`templates.kinds.${kind}`),
            children: <KindPanel kind={kind} />,
          })),
          { key: 'words', label: t('templates.words.tab'), children: <ForbiddenWordsPanel /> },
        ]}
      />
    </Card>
  );
}
