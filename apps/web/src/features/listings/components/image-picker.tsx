import { useState } from 'react';
import { Button, Empty, Modal, Pagination, Spin, Tabs, Upload } from 'antd';
import { CheckOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { permOf } from '@app/shared';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import { useMaterials, useMaterialUpload } from '../../materials/index.ts';
import { SOURCE_PRODUCT_PERM, useSourceProduct } from '../api/listings.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp';
const PAGE_SIZE = 18;

interface Choice {
  url: string;
  thumb: string;
  name: string;
}

/** A grid of images to pick from; the chosen ones carry a check and cannot be picked twice. */
function ChoiceGrid({
  choices,
  chosen,
  onPick,
}: {
  choices: Choice[];
  chosen: ReadonlySet<string>;
  onPick: (url: string) => void;
}) {
  const { t } = useTranslation();
  if (choices.length === 0) {
    return <Empty description={t('listings.editor.images.noneHere')} />;
  }
  return (
    <ul className="listings-picker__grid">
      {choices.map((c) => {
        const taken = chosen.has(c.url);
        return (
          <li key={c.url}>
            <button
              type="button"
              className="listings-picker__choice"
              disabled={taken}
              aria-pressed={taken}
              aria-label={t('listings.editor.images.pick', { name: c.name })}
              onClick={() => onPick(c.url)}
            >
              <img src={c.thumb} alt="" loading="lazy" />
              {taken && <CheckOutlined className="listings-picker__check" />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function MaterialChoices(props: { chosen: ReadonlySet<string>; onPick: (url: string) => void }) {
  const [page, setPage] = useState(1);
  const materials = useMaterials({ page, size: PAGE_SIZE });
  if (!materials.data) return <Spin />;
  return (
    <>
      <ChoiceGrid
        {...props}
        choices={materials.data.list.map((m) => ({
          url: m.url,
          thumb: m.thumb_url ?? m.url,
          name: m.original_name,
        }))}
      />
      {materials.data.pagination.total > PAGE_SIZE && (
        <Pagination
          size="small"
          current={page}
          pageSize={PAGE_SIZE}
          total={materials.data.pagination.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </>
  );
}

/** Uploads into the materials (top level) and picks the new image at once. */
function UploadChoice({ onPick }: { onPick: (url: string) => void }) {
  const { t } = useTranslation();
  const customRequest = useMaterialUpload(null, {
    uploaded: (item) => onPick(item.url),
    failed: (reason) => feedback.error(reason),
  });
  return (
    <Upload accept={ACCEPT} name="file" multiple customRequest={customRequest}>
      <Button icon={<UploadOutlined />}>{t('listings.editor.images.upload')}</Button>
    </Upload>
  );
}

/**
 * Chooses images for a listing: the source product's (and its SKUs'), the seller's materials,
 * or a new upload. `max` stops picking once that many are chosen.
 */
export function ImagePicker({
  open,
  goodsId,
  chosen,
  max,
  onPick,
  onClose,
}: {
  open: boolean;
  goodsId: number | null;
  chosen: readonly string[];
  max: number;
  onPick: (url: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const product = useSourceProduct(goodsId);
  // Each source is offered to who may read it (a 403 would leave the editor for /403).
  const can = {
    product: useCan(SOURCE_PRODUCT_PERM),
    materials: useCan(permOf('/goods/materialMmt', 'list')),
    upload: useCan(permOf('/goods/materialMmt', 'add')),
  };
  const taken = new Set(chosen);
  const full = chosen.length >= max;
  const pick = (url: string) => {
    if (full || taken.has(url)) return;
    onPick(url);
  };
  const productChoices: Choice[] = [
    ...new Set([
      ...(product.data?.images ?? []).map((i) => i.url),
      ...(product.data?.skus ?? []).flatMap((s) => (s.image ? [s.image] : [])),
    ]),
  ].map((url, i) => ({ url, thumb: url, name: String(i + 1) }));
  return (
    <Modal
      open={open}
      title={t('listings.editor.images.pickTitle', { count: chosen.length, max })}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('listings.editor.images.done')}
        </Button>
      }
      width={720}
      destroyOnHidden
    >
      {full && <p className="listings-picker__full">{t('listings.editor.images.full', { max })}</p>}
      <Tabs
        items={[
          ...(goodsId === null || !can.product
            ? []
            : [
                {
                  key: 'product',
                  label: t('listings.editor.images.fromProduct'),
                  children: product.isLoading ? (
                    <Spin />
                  ) : (
                    <ChoiceGrid choices={productChoices} chosen={taken} onPick={pick} />
                  ),
                },
              ]),
          ...(can.materials
            ? [
                {
                  key: 'materials',
                  label: t('listings.editor.images.fromMaterials'),
                  children: <MaterialChoices chosen={taken} onPick={pick} />,
                },
              ]
            : []),
          ...(can.upload
            ? [
                {
                  key: 'upload',
                  label: t('listings.editor.images.fromUpload'),
                  children: <UploadChoice onPick={pick} />,
                },
              ]
            : []),
        ]}
      />
    </Modal>
  );
}
