import { Button, Dropdown, InputNumber, Modal } from 'antd';
import {
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  LinkOutlined,
  MergeCellsOutlined,
  ShareAltOutlined,
  ShoppingCartOutlined,
  StopOutlined,
  CloudUploadOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { permOf, type FinishedProductSummary } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import {
  checkUsed,
  deleteProduct,
  deleteProducts,
  downloadImages,
  duplicateProduct,
  mergeProducts,
  shareProducts,
  useAddToCart,
  useGoodsMutation,
} from '../api/finished-products.ts';
import { addRelatives } from '../api/relatives.ts';
import {
  AMAZON_LISTINGS_PATH,
  COLLECT_PATH,
  editPath,
  listOnAmazonPath,
  SHOPIFY_LISTINGS_PATH,
  SHOPEE_LISTINGS_PATH,
  TEMU_LISTINGS_PATH,
  publishToPath,
  type PublishMarket,
  RELATIVE_PATH,
  relativePath,
} from '../paths.ts';
import { showBatchResults } from './batch-results.tsx';
import { saveBlob } from '../../../shared/save-blob.ts';
import { IconAction } from '../../../shared/ui/icon-action.tsx';

const CART_QUANTITY_MAX = 9999;
const perm = (action: string) => permOf(COLLECT_PATH, action);

/** Row and batch actions of the private finished library (/goods/collect). */
export function useCollectActions(items: readonly FinishedProductSummary[]) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useGoodsMutation(deleteProduct);
  const removeMany = useGoodsMutation(deleteProducts);
  const share = useGoodsMutation(shareProducts);
  const duplicate = useGoodsMutation(duplicateProduct);
  const merge = useGoodsMutation(mergeProducts);
  const relate = useGoodsMutation(addRelatives);
  const cart = useAddToCart();
  const download = useGoodsMutation(downloadImages);

  // Actions the seller's role does not allow are hidden (spec 6), matching the server's checks.
  const can = {
    update: useCan(perm('update')),
    duplicate: useCan(perm('duplicate')),
    delete: useCan(perm('delete')),
    cart: useCan(perm('add-cart')),
    relate: useCan(permOf(RELATIVE_PATH, 'add')),
    list: useCan(permOf(AMAZON_LISTINGS_PATH, 'update')),
    shopify: useCan(permOf(SHOPIFY_LISTINGS_PATH, 'update')),
    temu: useCan(permOf(TEMU_LISTINGS_PATH, 'update')),
    shopee: useCan(permOf(SHOPEE_LISTINGS_PATH, 'update')),
  };

  const titleOf = (id: number) => items.find((item) => item.id === id)?.title ?? `#${id}`;

  const runDownload = (ids: number[]) =>
    download.mutate(ids, {
      onSuccess: (blob) =>
        saveBlob(blob, ids.length === 1 ? `goods-${ids[0]}-images.zip` : 'goods-images.zip'),
      onError: (error) => reportError(error),
    });

  const runShare = (ids: number[], shared: boolean) =>
    share.mutate(
      { ids, shared },
      {
        onSuccess: (result) =>
          ids.length === 1 && result.results[0]?.ok
            ? feedback.success(t(shared ? 'goods.messages.shared' : 'goods.messages.unshared'))
            : showBatchResults(t, result, items, shared ? 'shared' : 'unshared'),
        onError: (error) => reportError(error),
      },
    );

  /** Asks the server first, so a product in use is explained instead of refused with a bare 409. */
  const askDelete = async (item: FinishedProductSummary) => {
    let usage;
    try {
      [usage] = await checkUsed([item.id]);
    } catch (error) {
      reportError(error);
      return;
    }
    if (usage?.used) {
      Modal.warning({
        title: t('goods.delete.usedTitle'),
        content: (
          <ul className="goods-batch-failures">
            {usage.listings > 0 && <li>{t('goods.delete.listings', { count: usage.listings })}</li>}
            {usage.orders > 0 && <li>{t('goods.delete.orders', { count: usage.orders })}</li>}
            {usage.cartItems > 0 && (
              <li>{t('goods.delete.cartItems', { count: usage.cartItems })}</li>
            )}
          </ul>
        ),
      });
      return;
    }
    Modal.confirm({
      title: t('goods.delete.confirmOne', { title: item.title }),
      content: t('goods.delete.irreversible'),
      okText: t('goods.actions.delete'),
      okButtonProps: { danger: true },
      onOk: () =>
        remove
          .mutateAsync(item.id)
          .then(() => feedback.success(t('goods.messages.deleted')))
          .catch((error: unknown) => reportError(error)),
    });
  };

  const rowActions = (item: FinishedProductSummary) => {
    const all = [
      <IconAction
        key="edit"
        label={t('goods.actions.edit')}
        icon={<EditOutlined />}
        onClick={() => void navigate(editPath(item.id))}
      />,
      <IconAction
        key="duplicate"
        label={t('goods.actions.duplicate')}
        icon={<CopyOutlined />}
        onClick={() =>
          duplicate.mutate(item.id, {
            onSuccess: () => feedback.success(t('goods.messages.duplicated')),
            onError: (error) => reportError(error),
          })
        }
      />,
      <IconAction
        key="share"
        label={item.shared ? t('goods.actions.unshare') : t('goods.actions.share')}
        icon={item.shared ? <StopOutlined /> : <ShareAltOutlined />}
        onClick={() => runShare([item.id], !item.shared)}
      />,
      <IconAction
        key="download"
        label={t('goods.actions.download')}
        icon={<DownloadOutlined />}
        onClick={() => runDownload([item.id])}
      />,
      <IconAction
        key="delete"
        danger
        label={t('goods.actions.delete')}
        icon={<DeleteOutlined />}
        onClick={() => void askDelete(item)}
      />,
    ];
    return all.filter((action) => allowed(String(action.key)));
  };

  const askBatchDelete = (ids: number[], done: () => void) =>
    Modal.confirm({
      title: t('goods.delete.confirmMany', { count: ids.length }),
      content: t('goods.delete.irreversible'),
      okText: t('goods.actions.delete'),
      okButtonProps: { danger: true },
      onOk: () =>
        removeMany
          .mutateAsync(ids)
          .then((result) => {
            showBatchResults(t, result, items, 'deleted');
            done();
          })
          .catch((error: unknown) => reportError(error)),
    });

  const askCart = (ids: number[], done: () => void) => {
    let quantity: number | null = 1;
    Modal.confirm({
      title: t('goods.cart.title', { count: ids.length }),
      icon: <ShoppingCartOutlined />,
      content: (
        <label className="goods-quantity">
          {t('goods.cart.quantity')}
          <InputNumber
            aria-label={t('goods.cart.quantity')}
            autoFocus
            min={1}
            max={CART_QUANTITY_MAX}
            precision={0}
            defaultValue={1}
            onChange={(value) => {
              quantity = value;
            }}
          />
        </label>
      ),
      okText: t('goods.actions.addToCart'),
      onOk: () =>
        cart
          .mutateAsync({ ids, quantity: quantity ?? 1 })
          .then((result) => {
            feedback.success(
              t('goods.cart.added', { added: result.added, total: result.cartCount }),
            );
            done();
          })
          .catch((error: unknown) => reportError(error)),
    });
  };

  const askMerge = (ids: number[], done: () => void) =>
    Modal.confirm({
      title: t('goods.merge.title', { count: ids.length }),
      content: t('goods.merge.content', { title: titleOf(ids[0]!) }),
      okText: t('goods.actions.merge'),
      onOk: () =>
        merge
          .mutateAsync(ids)
          .then(() => {
            feedback.success(t('goods.messages.merged'));
            done();
          })
          .catch((error: unknown) => reportError(error)),
    });

  const askRelate = (ids: number[], done: () => void) => {
    const [first, ...rest] = ids;
    Modal.confirm({
      title: t('goods.relate.title'),
      content: t('goods.relate.content', { title: titleOf(first!), count: rest.length }),
      okText: t('goods.actions.relate'),
      onOk: () =>
        relate
          .mutateAsync({ id: first!, related_ids: rest })
          .then(() => {
            done();
            void navigate(relativePath(first));
          })
          .catch((error: unknown) => reportError(error)),
    });
  };

  const allowed = (key: string) =>
    ({
      edit: can.update,
      share: can.update,
      merge: can.update,
      duplicate: can.duplicate,
      delete: can.delete,
      cart: can.cart,
      relate: can.relate,
      publishTo: can.list || can.shopify || can.temu || can.shopee,
    })[key] ?? true;

  const batchActions = (ids: number[], done: () => void) =>
    [
      // "Publish to…": each marketplace's warehouse opens its create dialog for these products.
      <Dropdown
        key="publishTo"
        trigger={['click']}
        menu={{
          items: [
            { key: 'amazon', label: 'Amazon', disabled: !can.list },
            { key: 'shopify', label: 'Shopify', disabled: !can.shopify },
            { key: 'temu', label: 'Temu', disabled: !can.temu },
            { key: 'shopee', label: 'Shopee', disabled: !can.shopee },
          ],
          onClick: ({ key }) =>
            void navigate(
              key === 'amazon' ? listOnAmazonPath(ids) : publishToPath(key as PublishMarket, ids),
            ),
        }}
      >
        <Button icon={<CloudUploadOutlined />}>{t('goods.actions.publishTo')}</Button>
      </Dropdown>,
      <Button key="cart" icon={<ShoppingCartOutlined />} onClick={() => askCart(ids, done)}>
        {t('goods.actions.addToCart')}
      </Button>,
      <Button
        key="share"
        icon={<ShareAltOutlined />}
        loading={share.isPending}
        onClick={() => runShare(ids, true)}
      >
        {t('goods.actions.share')}
      </Button>,
      <Button
        key="merge"
        icon={<MergeCellsOutlined />}
        disabled={ids.length < 2}
        onClick={() => askMerge(ids, done)}
      >
        {t('goods.actions.merge')}
      </Button>,
      <Button
        key="relate"
        icon={<LinkOutlined />}
        disabled={ids.length < 2}
        onClick={() => askRelate(ids, done)}
      >
        {t('goods.actions.relate')}
      </Button>,
      <Button
        key="download"
        icon={<DownloadOutlined />}
        loading={download.isPending}
        onClick={() => runDownload(ids)}
      >
        {t('goods.actions.download')}
      </Button>,
      <Button
        key="delete"
        danger
        icon={<DeleteOutlined />}
        onClick={() => askBatchDelete(ids, done)}
      >
        {t('goods.actions.delete')}
      </Button>,
    ].filter((action) => allowed(String(action.key)));

  return { rowActions, batchActions };
}
