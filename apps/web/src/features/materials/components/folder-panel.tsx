import { useMemo, useState, type DragEvent } from 'react';
import { Button, Card, Form, Input, Modal, Skeleton, Tooltip, Tree, type TreeDataNode } from 'antd';
import {
  DeleteOutlined,
  EditOutlined,
  FolderAddOutlined,
  FolderOutlined,
  InboxOutlined,
  AppstoreOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FOLDER_NAME_MAX, type MediaFolderNode, type MediaFolderTree } from '@app/shared';
import { ApiError } from '../../../api/api-error.ts';
import { feedback } from '../../../shared/feedback.ts';
import { reasonOf, useDestroyDir, useStoreDir } from '../api/materials.ts';

/** The drag payload of material cards: their ids, so only our own drags are accepted. */
export const DRAG_TYPE = 'application/x-material-ids';

const ALL = 'all';
const TOP = 'top';
const keyOf = (dirId: number | undefined) =>
  dirId === undefined ? ALL : dirId === 0 ? TOP : `dir-${dirId}`;
const dirIdOf = (key: string): number | undefined =>
  key === ALL ? undefined : key === TOP ? 0 : Number(key.slice(4));

export function findFolder(tree: MediaFolderTree, id: number): MediaFolderNode | null {
  for (const node of tree) {
    if (node.id === id) return node;
    const found = findFolder(node.children, id);
    if (found) return found;
  }
  return null;
}

interface FolderPanelProps {
  tree: MediaFolderTree | undefined;
  loading: boolean;
  /** undefined = all materials, 0 = not in a folder, an id = that folder. */
  selected: number | undefined;
  onSelect: (dirId: number | undefined) => void;
  onDropFiles: (dirId: number | null, ids: number[]) => void;
  canEdit: boolean;
  canDelete: boolean;
}

type NameDialog =
  { mode: 'create'; pid: number | null } | { mode: 'rename'; folder: MediaFolderNode };

/** The folder tree: choose a folder, create, rename, delete, and drop dragged files onto one. */
export function FolderPanel(props: FolderPanelProps) {
  const { tree, loading, selected, onSelect, onDropFiles, canEdit, canDelete } = props;
  const { t } = useTranslation();
  const storeDir = useStoreDir();
  const destroyDir = useDestroyDir();
  const [dialog, setDialog] = useState<NameDialog | null>(null);
  const [dropKey, setDropKey] = useState<string | null>(null);
  const [form] = Form.useForm<{ name: string }>();
  const current = selected && tree ? findFolder(tree, selected) : null;

  const dropHandlers = (key: string) => ({
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setDropKey(key);
    },
    onDragLeave: () => setDropKey((k) => (k === key ? null : k)),
    onDrop: (event: DragEvent) => {
      setDropKey(null);
      const raw = event.dataTransfer.getData(DRAG_TYPE);
      if (!raw) return;
      event.preventDefault();
      const dirId = dirIdOf(key);
      onDropFiles(dirId ? dirId : null, JSON.parse(raw) as number[]);
    },
  });

  const treeData = useMemo<TreeDataNode[]>(() => {
    const toNode = (node: MediaFolderNode): TreeDataNode => ({
      key: keyOf(node.id),
      title: node.name,
      icon: <FolderOutlined />,
      children: node.children.map(toNode),
    });
    return [
      { key: ALL, title: t('materials.allMaterials'), icon: <AppstoreOutlined /> },
      { key: TOP, title: t('materials.topLevel'), icon: <InboxOutlined /> },
      ...(tree ?? []).map(toNode),
    ];
  }, [tree, t]);

  const openCreate = () => {
    form.setFieldsValue({ name: '' });
    setDialog({ mode: 'create', pid: current ? current.id : null });
  };
  const openRename = () => {
    if (!current) return;
    form.setFieldsValue({ name: current.name });
    setDialog({ mode: 'rename', folder: current });
  };

  const submitName = async () => {
    const { name } = await form.validateFields();
    try {
      if (dialog?.mode === 'create') {
        const created = await storeDir.mutateAsync({ name, pid: dialog.pid });
        feedback.success(t('materials.folderCreated'));
        onSelect(created.id);
      } else if (dialog?.mode === 'rename') {
        await storeDir.mutateAsync({ id: dialog.folder.id, name });
        feedback.success(t('materials.folderRenamed'));
      }
      setDialog(null);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : null;
      if (fields?.name) form.setFields([{ name: 'name', errors: [fields.name] }]);
      else feedback.error(reasonOf(error));
    }
  };

  const destroy = async (folder: MediaFolderNode, force: boolean) => {
    try {
      await destroyDir.mutateAsync({ id: folder.id, force });
      feedback.success(t('materials.folderDeleted'));
      if (selected === folder.id) onSelect(undefined);
    } catch (error) {
      if (!force && error instanceof ApiError && error.status === 409) {
        const counts = error.data as { folders: number; files: number };
        Modal.confirm({
          title: t('materials.deleteFolder'),
          content: t('materials.confirmForceDelete', { name: folder.name, ...counts }),
          okText: t('materials.deleteAll'),
          okButtonProps: { danger: true },
          cancelText: t('materials.cancel'),
          onOk: () => destroy(folder, true),
        });
        return;
      }
      feedback.error(reasonOf(error));
    }
  };
  const confirmDestroy = () => {
    if (!current) return;
    Modal.confirm({
      title: t('materials.confirmDeleteFolder', { name: current.name }),
      okText: t('materials.delete'),
      okButtonProps: { danger: true },
      cancelText: t('materials.cancel'),
      onOk: () => destroy(current, false),
    });
  };

  return (
    <Card
      size="small"
      className="materials-folders"
      title={t('materials.folders')}
      extra={
        <span className="materials-folder-actions">
          {canEdit && (
            <Tooltip title={current ? t('materials.newSubfolder') : t('materials.newFolder')}>
              <Button
                type="text"
                size="small"
                icon={<FolderAddOutlined />}
                aria-label={current ? t('materials.newSubfolder') : t('materials.newFolder')}
                onClick={openCreate}
              />
            </Tooltip>
          )}
          {canEdit && (
            <Tooltip title={t('materials.renameFolder')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('materials.renameFolder')}
                disabled={!current}
                onClick={openRename}
              />
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip title={t('materials.deleteFolder')}>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('materials.deleteFolder')}
                disabled={!current}
                onClick={confirmDestroy}
              />
            </Tooltip>
          )}
        </span>
      }
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Tree
          showIcon
          blockNode
          defaultExpandAll
          treeData={treeData}
          selectedKeys={[keyOf(selected)]}
          onSelect={(keys) => {
            if (keys.length > 0) onSelect(dirIdOf(String(keys[0])));
          }}
          titleRender={(node) => {
            const key = String(node.key);
            return (
              <span
                className={`materials-drop${dropKey === key ? ' is-over' : ''}`}
                data-folder-key={key}
                {...(key === ALL ? {} : dropHandlers(key))}
              >
                {node.title as string}
              </span>
            );
          }}
        />
      )}
      <Modal
        open={dialog !== null}
        title={
          dialog?.mode === 'rename'
            ? t('materials.renameFolder')
            : dialog?.pid
              ? t('materials.newSubfolder')
              : t('materials.newFolder')
        }
        okText={t('materials.ok')}
        cancelText={t('materials.cancel')}
        confirmLoading={storeDir.isPending}
        onOk={() => void submitName()}
        onCancel={() => setDialog(null)}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={() => void submitName()}>
          <Form.Item
            name="name"
            label={t('materials.folderName')}
            rules={[{ required: true, whitespace: true, max: FOLDER_NAME_MAX }]}
          >
            <Input
              placeholder={t('materials.folderNamePlaceholder')}
              autoFocus
              maxLength={FOLDER_NAME_MAX}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
