import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CartProblem } from '@app/shared';

/** Why a line cannot be checked out, with the longer reason on hover and focus. */
export function ProblemTag({ problem, stock }: { problem: CartProblem; stock: number }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`cart.problemHint.${problem}`, { stock })}>
      <Tag
        color={problem === 'short_stock' ? 'orange' : 'red'}
        tabIndex={0}
        className="cart-problem"
      >
        {t(`cart.problem.${problem}`, { stock })}
      </Tag>
    </Tooltip>
  );
}
