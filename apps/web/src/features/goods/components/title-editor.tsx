import { Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FINISHED_TITLE_MAX } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { saveTitle, useGoodsMutation } from '../api/finished-products.ts';

interface TitleEditorProps {
  id: number;
  title: string;
  href: string;
  className?: string;
}

/** The title as a link with a pencil beside it: Enter saves the new title, Esc keeps the old one. */
export function TitleEditor({ id, title, href, className }: TitleEditorProps) {
  const { t } = useTranslation();
  const save = useGoodsMutation(saveTitle);
  return (
    <Typography.Text
      className={className}
      editable={{
        text: title,
        maxLength: FINISHED_TITLE_MAX,
        tooltip: t('goods.actions.rename'),
        triggerType: ['icon'],
        onChange: (next) => {
          const trimmed = next.trim();
          if (!trimmed || trimmed === title) return;
          save.mutate(
            { id, title: trimmed },
            {
              onSuccess: () => feedback.success(t('goods.messages.renamed')),
              onError: (error) => reportError(error),
            },
          );
        },
      }}
    >
      <Link to={href} aria-label={title} title={title}>
        {title}
      </Link>
    </Typography.Text>
  );
}
