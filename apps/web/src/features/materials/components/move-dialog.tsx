import { useState } from 'react';
import { Form, Modal, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MediaFolderNode, MediaFolderTree } from '@app/shared';

interface MoveDialogProps {
  open: boolean;
  count: number;
  tree: MediaFolderTree;
  pending: boolean;
  onMove: (dirId: number | null) => void;
  onCancel: () => void;
}

interface Option {
  value: number;
  title: string;
  children: Option[];
}

/** "Move to": the keyboard way to do what dragging onto a folder does. */
export function MoveDialog({ open, count, tree, pending, onMove, onCancel }: MoveDialogProps) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<number>(0);
  const toOption = (node: MediaFolderNode): Option => ({
    value: node.id,
    title: node.name,
    children: node.children.map(toOption),
  });
  const options: Option[] = [
    { value: 0, title: t('materials.topLevel'), children: [] },
    ...tree.map(toOption),
  ];
  return (
    <Modal
      open={open}
      title={t('materials.moveTitle', { count })}
      okText={t('materials.ok')}
      cancelText={t('materials.cancel')}
      confirmLoading={pending}
      onOk={() => onMove(target === 0 ? null : target)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('materials.moveTarget')} htmlFor="materials-move-target">
          <TreeSelect
            id="materials-move-target"
            treeData={options}
            value={target}
            onChange={(value: number) => setTarget(value)}
            treeDefaultExpandAll
            autoFocus
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
