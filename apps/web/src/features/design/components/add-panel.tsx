import { useRef, useState } from 'react';
import { Button, Empty, Modal, Pagination, Spin, Typography } from 'antd';
import { FolderOpenOutlined, FontSizeOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MaterialItem } from '@app/shared';
import { useMaterials } from '../../materials/index.ts';
import {
  LOCAL_ARTWORK_MAX_BYTES,
  readLocalArtwork,
  uploadArtwork,
  type Artwork,
} from '../artwork.ts';
import { feedback } from '../../../shared/feedback.ts';

const ACCEPT = 'image/png,image/jpeg,image/webp';
const MATERIALS_PAGE = 24;

interface AddPanelProps {
  signedIn: boolean;
  onAddImage: (artwork: Artwork) => void;
  onAddText: () => void;
  onLogin: () => void;
}

/** Where artwork and text come from: an upload, the seller's materials, or a new text. */
export function AddPanel({ signedIn, onAddImage, onAddText, onLogin }: AddPanelProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [materialsOpen, setMaterialsOpen] = useState(false);

  const addFile = async (file: File) => {
    if (!signedIn && file.size > LOCAL_ARTWORK_MAX_BYTES) {
      feedback.warning(t('design.add.tooLarge', { size: LOCAL_ARTWORK_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setProgress(0);
    try {
      onAddImage(signedIn ? await uploadArtwork(file, setProgress) : await readLocalArtwork(file));
    } catch (error) {
      feedback.error(
        t('design.add.uploadFailed', {
          message: error instanceof Error ? error.message : String(error),
        }),
      );
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="design-add">
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="design-upload"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void addFile(file);
        }}
      />
      <Button
        block
        icon={<UploadOutlined />}
        loading={progress !== null}
        onClick={() => input.current?.click()}
      >
        {progress === null
          ? t('design.add.upload')
          : t('design.add.uploading', { percent: progress })}
      </Button>
      {!signedIn && (
        <Typography.Paragraph type="secondary" className="design-add__hint">
          {t('design.add.localHint')}
        </Typography.Paragraph>
      )}
      <Button
        block
        icon={<FolderOpenOutlined />}
        onClick={() => (signedIn ? setMaterialsOpen(true) : onLogin())}
      >
        {signedIn ? t('design.add.materials') : t('design.add.materialsLogin')}
      </Button>
      <Button block icon={<FontSizeOutlined />} onClick={onAddText}>
        {t('design.add.text')}
      </Button>
      {materialsOpen && (
        <MaterialsDialog
          onClose={() => setMaterialsOpen(false)}
          onPick={(item) => {
            setMaterialsOpen(false);
            onAddImage({
              url: item.url,
              naturalWidth: item.width ?? 0,
              naturalHeight: item.height ?? 0,
            });
          }}
        />
      )}
    </div>
  );
}

function MaterialsDialog({
  onClose,
  onPick,
}: {
  onClose: () => void;
  onPick: (item: MaterialItem) => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const materials = useMaterials({ page, size: MATERIALS_PAGE });
  // Only pictures with a known size can be checked for print resolution.
  const items = (materials.data?.list ?? []).filter((item) => item.width && item.height);
  return (
    <Modal open title={t('design.add.materials')} footer={null} width={720} onCancel={onClose}>
      <Spin spinning={materials.isFetching}>
        {items.length === 0 && !materials.isPending ? (
          <Empty description={t('design.add.materialsEmpty')} />
        ) : (
          <ul className="design-materials">
            {items.map((item) => (
              <li key={item.id}>
                <button type="button" onClick={() => onPick(item)} title={item.original_name}>
                  <img src={item.thumb_url ?? item.url} alt={item.original_name} loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </Spin>
      {(materials.data?.pagination.total ?? 0) > MATERIALS_PAGE && (
        <Pagination
          size="small"
          current={page}
          pageSize={MATERIALS_PAGE}
          total={materials.data?.pagination.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </Modal>
  );
}
