import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MARKETPLACE_NAMES, STORE_ALIAS_MAX, type Store } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { tally, updateAliases, useStoreMutation } from '../api/stores.ts';

type AliasValues = Record<string, string>;

const fieldOf = (store: Store) => `alias_${store.id}`;

/** One alias field per selected store, saved together with updateAlias; rendered only while open. */
export function BatchRenameDialog({
  stores,
  onClose,
}: {
  stores: readonly Store[];
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AliasValues>();
  const save = useStoreMutation(updateAliases);

  const submit = (values: AliasValues) =>
    save.mutate(
      { list: stores.map((store) => ({ id: store.id, alias: values[fieldOf(store)]!.trim() })) },
      {
        onSuccess: (answer) => {
          const { ok, failed } = tally(answer);
          if (failed === 0) feedback.success(t('markets.batch.renamed'));
          else feedback.warning(t('markets.batch.partial', { ok, failed }));
          onClose(true);
        },
        onError: (error) => reportError(error, form),
      },
    );

  return (
    <Modal
      open
      title={t('markets.batch.renameTitle', { count: stores.length })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
    >
      <Form<AliasValues>
        form={form}
        name="store-aliases"
        layout="horizontal"
        labelCol={{ span: 10 }}
        wrapperCol={{ span: 14 }}
        initialValues={Object.fromEntries(stores.map((store) => [fieldOf(store), store.alias]))}
        onFinish={submit}
      >
        {stores.map((store) => (
          <Form.Item
            key={store.id}
            name={fieldOf(store)}
            label={`${MARKETPLACE_NAMES[store.marketplace]} ${store.site.code} · ${store.account}`}
            rules={[{ required: true, whitespace: true, message: t('markets.edit.aliasRequired') }]}
          >
            <Input maxLength={STORE_ALIAS_MAX} />
          </Form.Item>
        ))}
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
