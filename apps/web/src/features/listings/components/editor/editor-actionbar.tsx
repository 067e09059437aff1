import { Button, Popover, Typography } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ComplianceFinding } from '@app/shared';

export type Saving = 'save' | 'next' | 'publish' | null;

/** Save, save and next, publish; with the unsaved note and why publishing is blocked. */
export function EditorActionbar({
  unsaved,
  blockers,
  saving,
  busy,
  canUpdate,
  canPublish,
  onSave,
  onPublish,
}: {
  unsaved: boolean;
  /** The check's errors while they block publishing, else null. */
  blockers: ComplianceFinding[] | null;
  saving: Saving;
  busy: boolean;
  canUpdate: boolean;
  canPublish: boolean;
  onSave: (andNext: boolean) => void;
  onPublish: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="listings-actionbar" role="toolbar" aria-label={t('listings.editor.save')}>
      {unsaved && (
        <Typography.Text type="warning" className="listings-actionbar__reasons">
          {t('listings.editor.unsaved')}
        </Typography.Text>
      )}
      {blockers && (
        <Popover
          content={
            <ul className="listings-issues">
              {blockers.map((f, i) => (
                <li key={i}>{f.message}</li>
              ))}
            </ul>
          }
        >
          <Typography.Text
            type="danger"
            className="listings-actionbar__reasons"
            data-testid="publish-blocked"
          >
            {t('listings.editor.publishBlocked')} ({blockers.length})
          </Typography.Text>
        </Popover>
      )}
      {canUpdate && (
        <Button loading={saving === 'save'} disabled={busy} onClick={() => onSave(false)}>
          {t('listings.editor.save')}
        </Button>
      )}
      {canUpdate && (
        <Button loading={saving === 'next'} disabled={busy} onClick={() => onSave(true)}>
          {t('listings.editor.saveNext')}
        </Button>
      )}
      {canPublish && (
        <Button
          type="primary"
          icon={<CloudUploadOutlined />}
          loading={saving === 'publish'}
          disabled={busy || blockers !== null}
          onClick={onPublish}
        >
          {t('listings.editor.publish')}
        </Button>
      )}
    </div>
  );
}
