import { Button, Typography } from 'antd';
import {
  CloudUploadOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FileTextOutlined,
  PictureOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ListingPerms } from './listing-columns.tsx';
import type { ListingActions } from './use-listing-actions.ts';

/** The toolbar over a selection: batch publish, take down, content, edit, download, delete. */
export function BatchBar({
  selected,
  can,
  actions,
  onContent,
  onEdit,
  onClear,
}: {
  selected: number[];
  can: ListingPerms;
  actions: ListingActions;
  onContent: () => void;
  onEdit: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const { confirmMany, download, downloading } = actions;
  return (
    <div
      className="listings-batchbar"
      role="toolbar"
      aria-label={t('listings.actions.selected', { count: selected.length })}
    >
      <Typography.Text strong>
        {t('listings.actions.selected', { count: selected.length })}
      </Typography.Text>
      {can.publish && (
        <Button
          type="primary"
          icon={<CloudUploadOutlined />}
          onClick={() => confirmMany('publish', selected)}
        >
          {t('listings.actions.publish')}
        </Button>
      )}
      {can.down && (
        <Button icon={<StopOutlined />} onClick={() => confirmMany('down', selected)}>
          {t('listings.actions.down')}
        </Button>
      )}
      {can.update && (
        <Button icon={<FileTextOutlined />} onClick={onContent}>
          {t('listings.actions.updateContent')}
        </Button>
      )}
      {can.update && (
        <Button icon={<PictureOutlined />} onClick={() => confirmMany('main-image', selected)}>
          {t('listings.actions.main-image')}
        </Button>
      )}
      {can.update && selected.length > 1 && (
        <Button icon={<EditOutlined />} onClick={onEdit}>
          {t('listings.actions.edit')}
        </Button>
      )}
      {can.export && (
        <Button
          icon={<DownloadOutlined />}
          loading={downloading === 'data'}
          onClick={() => void download('data', selected)}
        >
          {t('listings.actions.downloadData')}
        </Button>
      )}
      {can.export && (
        <Button
          icon={<DownloadOutlined />}
          loading={downloading === 'images'}
          onClick={() => void download('images', selected)}
        >
          {t('listings.actions.downloadImages')}
        </Button>
      )}
      {can.delete && (
        <Button danger icon={<DeleteOutlined />} onClick={() => confirmMany('delete', selected)}>
          {t('listings.actions.delete')}
        </Button>
      )}
      <Button type="link" onClick={onClear}>
        {t('listings.actions.clear')}
      </Button>
    </div>
  );
}
