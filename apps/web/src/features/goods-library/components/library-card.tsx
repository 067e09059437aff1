import type { ReactNode } from 'react';
import { Card, Checkbox } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ProductImage } from './product-image.tsx';

interface LibraryCardProps {
  href: string;
  title: string;
  image: string | null;
  /** Lines under the title (price, supplier, tags). */
  children?: ReactNode;
  /** Buttons in the card footer; kept outside the link so each is its own control. */
  actions?: ReactNode[];
  /** Shown over the picture's top-right corner (a "mine" or "shared" tag). */
  badge?: ReactNode;
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
  /** Replaces the plain title link (an editable title). */
  titleNode?: ReactNode;
}

/**
 * One product in a grid. The title is the card's one link (Tab reaches it, Enter opens it); the
 * picture opens the same page for the mouse but stays out of the keyboard and reader order.
 */
export function LibraryCard({
  href,
  title,
  image,
  children,
  actions,
  badge,
  selected,
  onSelect,
  titleNode,
}: LibraryCardProps) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      className={selected ? 'library-card is-selected' : 'library-card'}
      actions={actions}
      cover={
        <div className="library-card__cover">
          <Link to={href} tabIndex={-1} aria-hidden>
            <ProductImage src={image} alt="" className="library-card__image" />
          </Link>
          {onSelect && (
            <Checkbox
              className="library-card__check"
              checked={selected}
              aria-label={t('goodsLibrary.select', { title })}
              onChange={(event) => onSelect(event.target.checked)}
            />
          )}
          {badge && <div className="library-card__badge">{badge}</div>}
        </div>
      }
    >
      {titleNode ?? (
        <Link to={href} className="library-card__title" aria-label={title} title={title}>
          {title}
        </Link>
      )}
      {children}
    </Card>
  );
}
