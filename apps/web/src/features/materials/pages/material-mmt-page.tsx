import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Empty,
  Input,
  Modal,
  Pagination,
  Skeleton,
  Space,
} from 'antd';
import { DeleteOutlined, DownloadOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  permOf,
  type MaterialItem,
  type MaterialListQuery,
  type MediaBatchResult,
} from '@app/shared';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import {
  downloadMaterials,
  reasonOf,
  useDestroyMaterials,
  useEditMaterial,
  useMaterialDirs,
  useMaterials,
  useMoveMaterials,
} from '../api/materials.ts';
import { FolderPanel, findFolder } from '../components/folder-panel.tsx';
import { MaterialGrid } from '../components/material-grid.tsx';
import { MoveDialog } from '../components/move-dialog.tsx';
import { QuotaBar } from '../components/quota-bar.tsx';
import { UploadPanel } from '../components/upload-panel.tsx';
import { PAGE_SIZES, readQuery, writeQuery } from '../url-state.ts';
import '../materials.css';

const PAGE = '/goods/materialMmt';
const SKELETON_CARDS = 8;

/** /goods/materialMmt: material folders and files; folder, search and page live in the URL. */
export function MaterialMmtPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const dirs = useMaterialDirs();
  const result = useMaterials(query);
  const edit = useEditMaterial();
  const destroy = useDestroyMaterials();
  const move = useMoveMaterials();
  const can = {
    add: useCan(permOf(PAGE, 'add')),
    update: useCan(permOf(PAGE, 'update')),
    delete: useCan(permOf(PAGE, 'delete')),
    move: useCan(permOf(PAGE, 'move')),
    download: useCan(permOf(PAGE, 'download')),
  };
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [editingId, setEditingId] = useState<number | null>(null);
  const [moving, setMoving] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const items = result.data?.list ?? [];
  const onPage = new Set(items.map((i) => i.id));
  // Only what is on screen counts as selected, so a batch never touches hidden files.
  const chosen = [...selected].filter((id) => onPage.has(id));

  const update = (patch: Partial<MaterialListQuery>) => {
    setSelected(new Set());
    setParams(writeQuery({ ...query, page: 1, ...patch }));
  };
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const report = (res: MediaBatchResult, done: 'materials.moved' | 'materials.deleted') => {
    const ok = res.results.filter((r) => r.ok).length;
    const failed = res.results.length - ok;
    if (ok > 0) feedback.success(t(done, { count: ok }));
    if (failed > 0) feedback.warning(t('materials.partial', { failed }));
  };

  const moveTo = async (dirId: number | null, ids: number[]) => {
    try {
      report(await move.mutateAsync({ ids, dir_id: dirId }), 'materials.moved');
      setSelected(new Set());
      setMoving(false);
    } catch (error) {
      feedback.error(reasonOf(error));
    }
  };

  const confirmDelete = (ids: number[], item?: MaterialItem) =>
    Modal.confirm({
      title: item
        ? t('materials.confirmDeleteOne', { name: item.original_name })
        : t('materials.confirmDelete', { count: ids.length }),
      okText: t('materials.delete'),
      okButtonProps: { danger: true },
      cancelText: t('materials.cancel'),
      onOk: async () => {
        try {
          report(await destroy.mutateAsync({ ids }), 'materials.deleted');
          setSelected((prev) => new Set([...prev].filter((id) => !ids.includes(id))));
        } catch (error) {
          feedback.error(reasonOf(error));
        }
      },
    });

  const rename = async (item: MaterialItem, name: string) => {
    try {
      await edit.mutateAsync({ id: item.id, name });
      feedback.success(t('materials.renamed'));
    } catch (error) {
      feedback.error(reasonOf(error));
    }
  };

  const download = async (ids: number[]) => {
    setDownloading(true);
    try {
      await downloadMaterials(ids);
    } catch (error) {
      feedback.error(reasonOf(error));
    } finally {
      setDownloading(false);
    }
  };

  const folder =
    query.dir_id === undefined
      ? null
      : query.dir_id === 0
        ? null
        : (dirs.data && findFolder(dirs.data, query.dir_id)) || null;
  const uploadDir = folder ? folder.id : null;
  const uploadName = folder ? folder.name : t('materials.topLevel');
  const pagination = result.data?.pagination;
  const allChosen = items.length > 0 && chosen.length === items.length;

  return (
    <div className="materials-page">
      <div className="materials-head">
        <h2 className="materials-title">{title}</h2>
        <QuotaBar canExpand={can.add} />
      </div>
      <div className="materials-body">
        <FolderPanel
          tree={dirs.data}
          loading={dirs.isPending}
          selected={query.dir_id}
          onSelect={(dirId) => update({ dir_id: dirId })}
          onDropFiles={(dirId, ids) => void moveTo(dirId, ids)}
          canEdit={can.update}
          canDelete={can.delete}
        />
        <div className="materials-main">
          {can.add && <UploadPanel dirId={uploadDir} folderName={uploadName} />}
          <Card size="small" className="materials-list">
            <div className="materials-toolbar">
              <Input.Search
                key={query.keyword ?? ''}
                defaultValue={query.keyword}
                placeholder={t('materials.search')}
                aria-label={t('materials.search')}
                allowClear
                enterButton
                onSearch={(value) => update({ keyword: value.trim() || undefined })}
                className="materials-search"
              />
              <Space wrap>
                <Checkbox
                  checked={allChosen}
                  indeterminate={chosen.length > 0 && !allChosen}
                  disabled={items.length === 0}
                  onChange={() => setSelected(allChosen ? new Set() : new Set(onPage))}
                >
                  {chosen.length > 0
                    ? t('materials.selected', { count: chosen.length })
                    : t('materials.selectAll')}
                </Checkbox>
                {can.move && (
                  <Button
                    icon={<FolderOpenOutlined />}
                    disabled={chosen.length === 0}
                    onClick={() => setMoving(true)}
                  >
                    {t('materials.moveTo')}
                  </Button>
                )}
                {can.download && (
                  <Button
                    icon={<DownloadOutlined />}
                    disabled={chosen.length === 0}
                    loading={downloading}
                    onClick={() => void download(chosen)}
                  >
                    {downloading ? t('materials.downloading') : t('materials.downloadZip')}
                  </Button>
                )}
                {can.delete && (
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    disabled={chosen.length === 0}
                    onClick={() => confirmDelete(chosen)}
                  >
                    {t('materials.delete')}
                  </Button>
                )}
              </Space>
            </div>
            {can.move && items.length > 0 && (
              <div className="materials-hint">{t('materials.dropHint')}</div>
            )}
            {result.isError ? (
              <Alert
                type="error"
                showIcon
                message={t('materials.loadFailed')}
                action={
                  <Button size="small" onClick={() => void result.refetch()}>
                    {t('materials.retry')}
                  </Button>
                }
              />
            ) : result.isPending ? (
              <div className="materials-grid">
                {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                  <Skeleton.Node key={i} active className="materials-skeleton" />
                ))}
              </div>
            ) : items.length === 0 ? (
              <Empty
                description={query.keyword ? t('materials.emptySearch') : t('materials.empty')}
              />
            ) : (
              <MaterialGrid
                items={items}
                selected={selected}
                onToggle={toggle}
                editingId={editingId}
                onEdit={setEditingId}
                onRename={(item, name) => void rename(item, name)}
                onDelete={(item) => confirmDelete([item.id], item)}
                onDownload={(ids) => void download(ids)}
                can={can}
              />
            )}
            {pagination && pagination.total > 0 && (
              <Pagination
                className="materials-pagination"
                current={pagination.page}
                pageSize={pagination.size}
                total={pagination.total}
                showSizeChanger
                pageSizeOptions={PAGE_SIZES.map(String)}
                showTotal={(total) => t('materials.total', { total })}
                onChange={(page, size) => {
                  setSelected(new Set());
                  setParams(writeQuery({ ...query, page: size === query.size ? page : 1, size }));
                }}
              />
            )}
          </Card>
        </div>
      </div>
      <MoveDialog
        open={moving}
        count={chosen.length}
        tree={dirs.data ?? []}
        pending={move.isPending}
        onMove={(dirId) => void moveTo(dirId, chosen)}
        onCancel={() => setMoving(false)}
      />
    </div>
  );
}
