import { Button, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/paths.ts';

/** A console menu page this build has no screen for: says so instead of faking it. */
export function AdminBuildingPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Result
      icon={<ToolOutlined />}
      title={t('admin.building.title', { name: title })}
      subTitle={t('admin.building.subtitle')}
      extra={
        <Link to={paths.admin}>
          <Button type="primary">{t('admin.building.back')}</Button>
        </Link>
      }
    />
  );
}
