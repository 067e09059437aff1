import { Button, Tooltip } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { permOf } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { useCan } from '../../../shared/can.tsx';
import { useSetFavourite } from '../api/favourites.ts';
import { LIBRARY_PATH } from '../paths.ts';

interface FavouriteButtonProps {
  id: number;
  favourite: boolean;
  /** Icon only in cards and rows; with its label on the detail page. */
  withLabel?: boolean;
}

/** The favourite star: flips at once (optimistic) and flips back with a message if the call fails. */
export function FavouriteButton({ id, favourite, withLabel = false }: FavouriteButtonProps) {
  const { t } = useTranslation();
  const toggle = useSetFavourite();
  const allowed = useCan(permOf(LIBRARY_PATH, 'coll'));
  const label = favourite ? t('goodsLibrary.favourite.remove') : t('goodsLibrary.favourite.add');
  const button = (
    <Button
      type={withLabel ? 'default' : 'text'}
      size={withLabel ? 'middle' : 'small'}
      aria-label={label}
      aria-pressed={favourite}
      icon={
        favourite ? (
          <StarFilled className="library-star is-on" />
        ) : (
          <StarOutlined className="library-star" />
        )
      }
      onClick={() => toggle.mutate({ id, coll: !favourite }, { onError: (e) => reportError(e) })}
    >
      {withLabel ? label : null}
    </Button>
  );
  // Hidden, not disabled, without the permission (spec 6), as the server would refuse it.
  if (!allowed) return null;
  return withLabel ? button : <Tooltip title={label}>{button}</Tooltip>;
}
