import { Alert } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { permOf } from '@app/shared';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { CustomsCard } from '../components/customs-card.tsx';
import { parseIds } from '../../../shared/url-query.ts';
import '../order-documents.css';

/** /newOrder/declaration?ids=1,2: one customs card per order, each saved on its own. */
export function DeclarationPage(_: ViewProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ids = parseIds(params.get('ids'));
  const canEdit = useCan(permOf('/newOrder', 'update'));
  return (
    <div className="order-docs-page">
      <p className="order-docs-intro">{t('orderDocuments.customs.intro')}</p>
      {ids.length === 0 ? (
        <Alert type="info" showIcon title={t('orderDocuments.common.noIds')} />
      ) : (
        ids.slice(0, 50).map((id) => <CustomsCard key={id} orderId={id} canEdit={canEdit} />)
      )}
    </div>
  );
}
