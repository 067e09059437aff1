import { Alert, Button, Input } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The search box and the add button above each template list. */
export function ListToolbar({
  searchLabel,
  addLabel,
  canAdd,
  onSearch,
  onAdd,
}: {
  searchLabel: string;
  addLabel: string;
  canAdd: boolean;
  /** The trimmed keyword, or undefined when cleared. */
  onSearch: (keyword: string | undefined) => void;
  onAdd: () => void;
}) {
  return (
    <div className="templates-toolbar">
      <Input.Search
        placeholder={searchLabel}
        aria-label={searchLabel}
        allowClear
        className="templates-search"
        onSearch={(value) => onSearch(value.trim() || undefined)}
      />
      {canAdd && (
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {addLabel}
        </Button>
      )}
    </div>
  );
}

/** A template list that failed to load, with a retry. */
export function ListLoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      action={<Button onClick={onRetry}>{t('common.retry')}</Button>}
    />
  );
}
