import { Alert, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { exemptBrandDialogPath, paths } from '../../../shared/paths.ts';
import { HelpLink } from '../../../shared/ui/help-link.tsx';

/** The rule (compliance) and issue code (a failed publish) of an item without a UPC/EAN. */
export const MISSING_PRODUCT_ID = 'missing_product_id';

/**
 * The three ways out of "no UPC/EAN" for Amazon, shown from the first failure: codes into the
 * pool, a GTIN exemption for the brand, or the brand's own codes typed on the variations step.
 */
export function UpcGuidance({
  brand = '',
  onOwnCodes,
}: {
  brand?: string | undefined;
  /** Opens the variations step; without it the step is only named. */
  onOwnCodes?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      className="listings-upc-guidance"
      type="info"
      showIcon
      title={t('listings.editor.upcGuidance.title')}
      description={
        <>
          <ol>
            <li>
              <Link to={paths.upcPool}>{t('listings.editor.upcGuidance.pool')}</Link>
              {' — '}
              {t('listings.editor.upcGuidance.poolHint')}
            </li>
            <li>
              <Link to={exemptBrandDialogPath(brand)}>
                {t('listings.editor.upcGuidance.exempt')}
              </Link>
              {' — '}
              {t('listings.editor.upcGuidance.exemptHint')}
            </li>
            <li>
              {onOwnCodes ? (
                <Typography.Link onClick={onOwnCodes}>
                  {t('listings.editor.upcGuidance.own')}
                </Typography.Link>
              ) : (
                t('listings.editor.upcGuidance.own')
              )}
              {' — '}
              {t('listings.editor.upcGuidance.ownHint')}
            </li>
          </ol>
          <HelpLink article="upc-codes">{t('listings.editor.upcGuidance.help')}</HelpLink>
        </>
      }
    />
  );
}
