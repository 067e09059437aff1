import { useTranslation } from 'react-i18next';
import { permOf } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import { navigateTo } from '../../../shared/navigation.ts';
import { paths } from '../../../shared/paths.ts';
import { useJoinLibrary } from '../api/favourites.ts';
import { LIBRARY_PATH } from '../paths.ts';

/**
 * "Add to private finished library" for parent products: one call for one or many, then a message that says
 * how many made it and leads to the finished library where they now are.
 */
export function useJoinToLibrary() {
  const { t } = useTranslation();
  const join = useJoinLibrary();
  /** Whether the seller's role may join at all; callers hide their buttons otherwise. */
  const allowed = useCan(permOf(LIBRARY_PATH, 'join'));
  const run = async (ids: number[]): Promise<boolean> => {
    try {
      const { results } = await join.mutateAsync(ids);
      const added = results.filter((r) => r.ok).length;
      const failed = results.length - added;
      if (added === 0) {
        feedback.error(t('goodsLibrary.join.noneAdded'));
        return false;
      }
      feedback.success(
        <span>
          {t('goodsLibrary.join.added', { count: added })}
          {failed > 0 && ` ${t('goodsLibrary.join.failed', { count: failed })}`}{' '}
          <a
            href={paths.finishedLibrary}
            onClick={(event) => {
              event.preventDefault();
              navigateTo(paths.finishedLibrary);
            }}
          >
            {t('goodsLibrary.join.open')}
          </a>
        </span>,
      );
      return true;
    } catch (error) {
      reportError(error);
      return false;
    }
  };
  return { run, pending: join.isPending, allowed };
}
