import { useState } from 'react';
import { Form, Input, Modal, Select, Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  SHOPEE_NOTE_MAX,
  SHOPEE_PACK_IMAGES_MAX,
  type Envelope,
  type ShopeePack,
  type UploadedFile,
} from '@app/shared';
import { API_BASE, domainHeader } from '../../../api/client.ts';
import { reportError } from '../../../api/form-errors.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { feedback } from '../../../shared/feedback.ts';
import {
  savePack,
  usePackStores,
  useShopeeMutation,
  useShopeeOrders,
} from '../api/shopee-orders.ts';

interface PackValues {
  shopee_order_pack_store_id: number;
  tracking_no: string;
  note: string;
  order_ids: number[];
  iamges: string[];
}

const uploadedUrl = (file: UploadFile<Envelope<UploadedFile>>) =>
  file.url ?? (file.response?.code === 0 ? file.response.data.url : undefined);

/** Create or edit a pack: warehouse, tracking number, note, up to 9 photos and its orders. */
export function PackDialog({
  pack,
  orderIds = [],
  onClose,
}: {
  /** null creates a new pack. */
  pack: ShopeePack | null;
  /** Orders chosen on the Orders tab for a new pack. */
  orderIds?: number[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PackValues>();
  const token = useAuthStore((s) => s.token);
  const [keyword, setKeyword] = useState('');
  const stores = usePackStores();
  const candidates = useShopeeOrders({
    page: 1,
    limit: 50,
    seller_order_id: keyword.trim() || undefined,
  });
  const save = useShopeeMutation(savePack);
  const [images, setImages] = useState<UploadFile<Envelope<UploadedFile>>[]>(
    (pack?.iamges ?? []).map((image) => ({
      uid: image.key,
      name: image.key.split('/').at(-1) ?? image.key,
      status: 'done',
      url: image.url,
    })),
  );
  const known = new Map<number, string>((pack?.orders ?? []).map((o) => [o.id, o.seller_order_id]));
  for (const o of candidates.data?.list ?? []) known.set(o.id, o.seller_order_id);

  const submit = (values: PackValues) => {
    const input = {
      shopee_order_pack_store_id: values.shopee_order_pack_store_id,
      tracking_no: values.tracking_no.trim(),
      note: values.note?.trim() ?? '',
      order_ids: values.order_ids,
      iamges: images.map(uploadedUrl).filter((u): u is string => Boolean(u)),
    };
    save.mutate(pack ? { id: pack.id, ...input } : input, {
      onSuccess: () => {
        feedback.success(t('shopeeOrders.packs.saved'));
        onClose();
      },
      onError: (error) => reportError(error, form),
    });
  };

  return (
    <Modal
      open
      width={640}
      title={
        pack
          ? t('shopeeOrders.packs.editTitle', { id: pack.id })
          : t('shopeeOrders.packs.createTitle')
      }
      okText={t('shopeeOrders.packs.save')}
      cancelText={t('shopeeOrders.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          shopee_order_pack_store_id: pack?.shopee_order_pack_store_id,
          tracking_no: pack?.tracking_no ?? '',
          note: pack?.note ?? '',
          order_ids: pack ? pack.orders.map((o) => o.id) : orderIds,
          iamges: [],
        }}
      >
        <Form.Item
          name="shopee_order_pack_store_id"
          label={t('shopeeOrders.packs.store')}
          rules={[{ required: true }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('shopeeOrders.packs.storePlaceholder')}
            loading={stores.isLoading}
            options={(stores.data ?? []).map((s) => ({
              value: s.id,
              label: `${s.region} · ${s.name}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="tracking_no"
          label={t('shopeeOrders.packs.tracking')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="order_ids"
          label={t('shopeeOrders.packs.orderPicker')}
          rules={[{ required: true, type: 'array', min: 1 }]}
        >
          <Select
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder={t('shopeeOrders.packs.orderSearch')}
            loading={candidates.isFetching}
            options={[...known].map(([id, number]) => ({ value: id, label: number }))}
          />
        </Form.Item>
        <Form.Item name="note" label={t('shopeeOrders.packs.note')}>
          <Input.TextArea rows={2} maxLength={SHOPEE_NOTE_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="iamges"
          label={t('shopeeOrders.packs.images')}
          extra={t('shopeeOrders.packs.imagesHint')}
        >
          {/* The upload route takes the token from the query (spec 7). */}
          <Upload<Envelope<UploadedFile>>
            name="file"
            listType="picture-card"
            accept="image/jpeg,image/png,image/webp"
            action={`${API_BASE}/common/upload-single?token=${encodeURIComponent(token ?? '')}`}
            headers={{ 'x-domain': domainHeader() }}
            fileList={images}
            maxCount={SHOPEE_PACK_IMAGES_MAX}
            multiple
            onChange={({ file, fileList }) => {
              if (file.status === 'done' && file.response && file.response.code !== 0) {
                feedback.error(
                  t('shopeeOrders.packs.uploadFailed', { message: file.response.message }),
                );
                setImages(fileList.filter((f) => f.uid !== file.uid));
                return;
              }
              if (file.status === 'error') {
                feedback.error(t('shopeeOrders.packs.uploadFailed', { message: file.name }));
              }
              setImages(fileList.filter((f) => f.status !== 'error'));
            }}
          >
            {images.length >= SHOPEE_PACK_IMAGES_MAX ? null : (
              <button type="button" className="shopee-upload-button">
                <PlusOutlined />
                <div>{t('shopeeOrders.packs.upload')}</div>
              </button>
            )}
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
