import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { STORE_ALIAS_MAX, type Store } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { modifyAlias, useStoreMutation } from '../api/stores.ts';

/** The alias with a pencil beside it: Enter saves the new alias, Esc keeps the old one. */
export function AliasCell({ store, editable }: { store: Store; editable: boolean }) {
  const { t } = useTranslation();
  const save = useStoreMutation(modifyAlias);
  if (!editable) return <Typography.Text strong>{store.alias}</Typography.Text>;
  return (
    <Typography.Text
      strong
      editable={{
        text: store.alias,
        maxLength: STORE_ALIAS_MAX,
        tooltip: t('markets.rename'),
        triggerType: ['icon'],
        onChange: (next) => {
          const alias = next.trim();
          if (!alias || alias === store.alias) return;
          save.mutate(
            { id: store.id, alias },
            {
              onSuccess: () => feedback.success(t('markets.renamed')),
              onError: (error) => reportError(error),
            },
          );
        },
      }}
    >
      {store.alias}
    </Typography.Text>
  );
}
