import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MENU_TYPE } from '@app/shared';
import { useOperatorStore } from '../../../shared/auth/operator-store.ts';
import { menuLabel } from '../../../shared/i18n/menu-label.ts';
import { adminPathOf } from '../admin-views.ts';

/** /admin: who is signed in, and one entry per console page the operator may open. */
export function AdminHomePage() {
  const { t } = useTranslation();
  const username = useOperatorStore((s) => s.username) ?? '';
  const pages = useOperatorStore((s) => s.menus).filter(
    (m) => m.type === MENU_TYPE.page && m.isShow && m.router,
  );
  return (
    <Card>
      <Typography.Title level={3}>{t('admin.home.welcome', { name: username })}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin.home.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {pages.map((page) => (
          <Col key={page.id} xs={24} sm={12} lg={8} xl={6}>
            <Link to={adminPathOf(page.router!)}>
              <Card hoverable size="small">
                {menuLabel(t, page.name)}
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
