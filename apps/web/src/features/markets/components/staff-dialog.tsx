import { useState } from 'react';
import { Alert, Button, Checkbox, Empty, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffOption, Store } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { setStaff, useStaffOptions, useStoreMutation } from '../api/stores.ts';

const contactOf = (staff: StaffOption) => staff.email ?? staff.mobile ?? '';

/** Which staff members may use `store`; rendered only while open, so it starts from the store's list. */
export function StaffDialog({ store, onClose }: { store: Store; onClose: () => void }) {
  const { t } = useTranslation();
  const staff = useStaffOptions(true);
  const save = useStoreMutation(setStaff);
  const [chosen, setChosen] = useState<number[]>(store.staff_ids);

  const submit = () =>
    save.mutate(
      { id: store.id, staff_ids: chosen },
      {
        onSuccess: () => {
          feedback.success(t('markets.staff.saved'));
          onClose();
        },
        onError: (error) => reportError(error),
      },
    );

  return (
    <Modal
      open
      title={t('markets.staff.title', { name: store.alias })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !staff.data }}
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <p className="markets-dialog__hint">{t('markets.staff.hint')}</p>
      {staff.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('markets.staff.loadFailed')}
          action={<Button onClick={() => void staff.refetch()}>{t('common.retry')}</Button>}
        />
      ) : staff.isPending ? (
        <Skeleton active />
      ) : staff.data.length === 0 ? (
        <Empty description={t('markets.staff.empty')} />
      ) : (
        <Checkbox.Group
          className="markets-staff"
          value={chosen}
          onChange={(values) => setChosen(values)}
          options={staff.data.map((member) => ({
            value: member.id,
            label: (
              <span>
                {member.name}
                {contactOf(member) && (
                  <span className="markets-staff__contact">{contactOf(member)}</span>
                )}
              </span>
            ),
          }))}
        />
      )}
    </Modal>
  );
}
