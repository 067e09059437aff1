import { useState } from 'react';
import { Typography, Upload, type UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { materialKeys } from '../api/materials.ts';
import { useMaterialUpload } from '../api/use-material-upload.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/**
 * Drag-and-drop multi-upload into the current folder. Each file uploads on its own with its
 * own progress bar; a refused file shows the server's reason and the others carry on.
 */
export function UploadPanel({ dirId, folderName }: { dirId: number | null; folderName: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [fileList, setFileList] = useState<UploadFile[]>([]);
  const customRequest = useMaterialUpload(dirId, {
    failed: () => void client.invalidateQueries({ queryKey: materialKeys.space() }),
  });

  return (
    <div className="materials-upload">
      <Upload.Dragger
        multiple
        accept={ACCEPT}
        name="file"
        fileList={fileList}
        customRequest={customRequest}
        onChange={({ fileList: next }) => setFileList(next)}
        showUploadList={{ showRemoveIcon: true }}
        itemRender={(node, file) => (
          <div className="materials-upload-item">
            {node}
            {file.status === 'error' && (
              <Typography.Text type="danger" className="materials-upload-reason" role="alert">
                {t('materials.upload.failed', {
                  name: file.name,
                  reason: typeof file.response === 'string' ? file.response : '',
                })}
              </Typography.Text>
            )}
          </div>
        )}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('materials.upload.title')}</p>
        <p className="ant-upload-hint">{t('materials.upload.hint')}</p>
        <p className="ant-upload-hint">
          <strong>{t('materials.upload.into', { folder: folderName })}</strong>
        </p>
      </Upload.Dragger>
    </div>
  );
}
