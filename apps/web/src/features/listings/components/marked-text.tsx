import { Fragment } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ForbidHit } from '@app/shared';
import { splitAtHits } from '../text-marks.ts';

/**
 * Under a text field: the text again with each forbidden word marked where it stands, so the
 * seller sees which occurrence to change. Nothing shows while the field is clean.
 */
export function MarkedText({
  text,
  hits,
  field,
}: {
  text: string;
  hits: readonly ForbidHit[];
  field: string;
}) {
  const { t } = useTranslation();
  const runs = splitAtHits(text ?? '', hits, field);
  const words = [...new Set(runs.flatMap((r) => (r.hit ? [r.text] : [])))];
  if (words.length === 0) return null;
  return (
    <div className="listings-marked" data-testid={`marks-${field}`}>
      <Typography.Text type="danger">
        {t('listings.editor.text.hits', { words: words.join(', ') })}
      </Typography.Text>
      <div>
        {runs.map((run, i) =>
          run.hit ? (
            <mark key={i} title={`${run.hit.start}–${run.hit.end}`}>
              {run.text}
            </mark>
          ) : (
            <Fragment key={i}>{run.text}</Fragment>
          ),
        )}
      </div>
    </div>
  );
}
