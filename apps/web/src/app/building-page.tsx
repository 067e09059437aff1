import { Button, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../shared/paths.ts';

/** For menu pages this release does not ship yet: says so plainly instead of faking the feature. */
export function BuildingPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-card page-card--center">
      <Result
        icon={<ToolOutlined className="building-icon" />}
        title={t('building.title', { name: title || t('building.untitled') })}
        subTitle={t('building.subtitle')}
        extra={
          <Link to={paths.home}>
            <Button type="primary">{t('common.backHome')}</Button>
          </Link>
        }
      />
    </div>
  );
}
