import { useState } from 'react';
import {
  Alert,
  Button,
  Empty,
  Flex,
  Input,
  Modal,
  Segmented,
  Select,
  Table,
  Tag,
  Typography,
} from 'antd';
import { ImportOutlined, NumberOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  formatTimestamp,
  UPC_KINDS,
  UpcQuery,
  type UpcCode,
  type UpcKind,
  type UpcResetAction,
  type UpcResetRefusal,
  type UpcState,
} from '@app/shared';
import { useSearchParams } from 'react-router';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { readQueryWith, writeQueryWith } from '../../../shared/url-query.ts';
import { resetCodes, useUpcCodes, useUpcMutation } from '../api/upc.ts';
import { summariseReset } from '../upc-logic.ts';
import { GenerateDialog } from './generate-dialog.tsx';
import { ImportDialog } from './import-dialog.tsx';

const QUERY_KEYS = ['page', 'size', 'state', 'kind', 'keyword'] as const;
const DEFAULTS = { page: 1, size: 20 };
const STATE_COLOR: Record<UpcState, string> = { free: 'green', used: 'blue', void: 'default' };

export interface CodesPermissions {
  canImport: boolean;
  canDelete: boolean;
}

/** Counts per state, filters, the code list with batch free / void / delete, import and generate. */
export function CodesPanel({ canImport, canDelete }: CodesPermissions) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = readQueryWith(UpcQuery, QUERY_KEYS, params);
  const setQuery = (next: UpcQuery) =>
    setParams(writeQueryWith(next, DEFAULTS, tabParam(params)), { replace: true });
  const result = useUpcCodes(query);
  const reset = useUpcMutation(resetCodes);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<'import' | 'generate' | null>(null);
  const counts = result.data?.counts;
  const pagination = result.data?.pagination;
  const filtered = Boolean(query.state || query.kind || query.keyword);

  const confirmReset = (action: UpcResetAction) => {
    const key = action === 'free' ? 'Free' : action === 'void' ? 'Void' : 'Delete';
    Modal.confirm({
      title: t(`upc.actions.confirm${key}`, { count: selected.length }),
      content: t(`upc.actions.confirm${key}Hint`),
      okText: t(`upc.actions.${action}`),
      okButtonProps: { danger: action !== 'free' },
      cancelText: t('common.cancel'),
      onOk: () =>
        reset
          .mutateAsync({ ids: selected, action })
          .then((answer) => {
            const { done, refused } = summariseReset(answer);
            const reasons = (Object.keys(refused) as UpcResetRefusal[])
              .map((reason) => `${t(`upc.actions.reasons.${reason}`)} × ${refused[reason]}`)
              .join(', ');
            const refusedCount = answer.results.length - done;
            if (refusedCount === 0) feedback.success(t('upc.actions.done', { count: done }));
            else if (done === 0) feedback.warning(t('upc.actions.noneDone', { reasons }), 6);
            else
              feedback.warning(
                t('upc.actions.partly', { done, refused: refusedCount, reasons }),
                6,
              );
            setSelected([]);
          })
          .catch((error: unknown) => reportError(error)),
    });
  };

  const stateOptions = (['all', 'free', 'used', 'void'] as const).map((s) => ({
    value: s,
    label: (
      <span data-testid={`upc-count-${s}`}>
        {t(`upc.states.${s}`)}
        <span className="upc-count">{counts ? (s === 'all' ? counts.total : counts[s]) : '–'}</span>
      </span>
    ),
  }));

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" wrap gap={12}>
        <Flex wrap gap={12} align="center">
          <Segmented
            value={query.state ?? 'all'}
            options={stateOptions}
            onChange={(v) =>
              setQuery({ ...query, page: 1, state: v === 'all' ? undefined : (v as UpcState) })
            }
          />
          <Select<UpcKind | 'all'>
            aria-label={t('upc.kindFilter')}
            value={query.kind ?? 'all'}
            className="upc-kind"
            options={(['all', ...UPC_KINDS] as const).map((k) => ({
              value: k,
              label: t(`upc.kinds.${k}`),
            }))}
            onChange={(v) => setQuery({ ...query, page: 1, kind: v === 'all' ? undefined : v })}
          />
          <Input.Search
            aria-label={t('upc.search')}
            placeholder={t('upc.search')}
            allowClear
            inputMode="numeric"
            defaultValue={query.keyword}
            className="upc-search"
            onSearch={(v) => setQuery({ ...query, page: 1, keyword: v.trim() || undefined })}
          />
        </Flex>
        {canImport && (
          <Flex gap={8}>
            <Button icon={<NumberOutlined />} onClick={() => setDialog('generate')}>
              {t('upc.generate')}
            </Button>
            <Button type="primary" icon={<ImportOutlined />} onClick={() => setDialog('import')}>
              {t('upc.import')}
            </Button>
          </Flex>
        )}
      </Flex>
      {canDelete && selected.length > 0 && (
        <Flex gap={8} align="center" className="upc-batch" role="toolbar">
          <Typography.Text>{t('upc.selected', { count: selected.length })}</Typography.Text>
          <Button size="small" onClick={() => confirmReset('free')}>
            {t('upc.actions.free')}
          </Button>
          <Button size="small" onClick={() => confirmReset('void')}>
            {t('upc.actions.void')}
          </Button>
          <Button size="small" danger onClick={() => confirmReset('delete')}>
            {t('upc.actions.delete')}
          </Button>
        </Flex>
      )}
      {result.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('upc.loadFailed')}
          action={<Button onClick={() => void result.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Table<UpcCode>
          rowKey="id"
          size="middle"
          loading={result.isFetching}
          dataSource={result.data?.list ?? []}
          scroll={{ x: 900 }}
          rowSelection={
            canDelete
              ? {
                  selectedRowKeys: selected,
                  preserveSelectedRowKeys: true,
                  onChange: (keys) => setSelected(keys as number[]),
                }
              : undefined
          }
          locale={{
            emptyText: <Empty description={t(filtered ? 'upc.emptyFiltered' : 'upc.empty')} />,
          }}
          pagination={
            pagination && {
              current: pagination.page,
              pageSize: pagination.size,
              total: pagination.total,
              showSizeChanger: true,
              pageSizeOptions: [20, 50, 100, 200],
              showTotal: (total) => t('upc.total', { total }),
              onChange: (page, size) =>
                setQuery({ ...query, page: size === query.size ? page : 1, size }),
            }
          }
          columns={[
            {
              key: 'code',
              title: t('upc.columns.code'),
              render: (_, c) => (
                <Typography.Text copyable className="upc-mono">
                  {c.code}
                </Typography.Text>
              ),
            },
            {
              key: 'kind',
              title: t('upc.columns.kind'),
              width: 100,
              render: (_, c) => t(`upc.kinds.${c.kind}`),
            },
            {
              key: 'state',
              title: t('upc.columns.state'),
              width: 100,
              render: (_, c) => (
                <Tag color={STATE_COLOR[c.state]}>{t(`upc.states.${c.state}`)}</Tag>
              ),
            },
            {
              key: 'usedBy',
              title: t('upc.columns.usedBy'),
              render: (_, c) =>
                c.listing_id === null ? (
                  '–'
                ) : (
                  <Flex vertical gap={2}>
                    <span>
                      {t('upc.listing', { id: c.listing_id })}
                      {c.used_ref ? ` · ${c.used_ref}` : ''}
                    </span>
                    <span>
                      {c.published_at !== null && <Tag color="blue">{t('upc.published')}</Tag>}
                      {c.listing_gone_at !== null && <Tag>{t('upc.listingGone')}</Tag>}
                    </span>
                  </Flex>
                ),
            },
            {
              key: 'usedAt',
              title: t('upc.columns.usedAt'),
              width: 170,
              render: (_, c) => (c.used_at === null ? '–' : formatTimestamp(c.used_at)),
            },
            {
              key: 'source',
              title: t('upc.columns.source'),
              width: 110,
              render: (_, c) => t(`upc.sources.${c.source}`),
            },
            {
              key: 'created',
              title: t('upc.columns.created'),
              width: 170,
              render: (_, c) => formatTimestamp(c.created_at),
            },
          ]}
        />
      )}
      {dialog === 'import' && <ImportDialog onClose={() => setDialog(null)} />}
      {dialog === 'generate' && <GenerateDialog onClose={() => setDialog(null)} />}
    </Flex>
  );
}

/** The page's tab survives list navigation. */
function tabParam(params: URLSearchParams): Record<string, string> {
  const tab = params.get('tab');
  return tab ? { tab } : {};
}
