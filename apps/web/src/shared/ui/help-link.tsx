import type { ReactNode } from 'react';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { helpArticlePath } from '../paths.ts';

/** A link from an empty state or an error to the help article that answers it (`/help?article=`). */
export function HelpLink({ article, children }: { article: string; children: ReactNode }) {
  return (
    <Link to={helpArticlePath(article)} className="help-link">
      <QuestionCircleOutlined /> {children}
    </Link>
  );
}
