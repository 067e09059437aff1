import { useCallback, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { OrderListFilter } from '@app/shared';
import { readOrderQuery, writeOrderQuery } from '../order-query.ts';

const NONE: Partial<OrderListFilter> = {};

/**
 * The list's filters live in the URL (a refresh or a shared link keeps them). A kept-alive
 * page hidden behind another tab keeps the query it had rather than reading the other page's.
 * `defaults` fill what the URL leaves out, and are left out of the URL in turn.
 */
export function useOrderQuery(pagePath: string, defaults: Partial<OrderListFilter> = NONE) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const mine = pathname.toLowerCase() === pagePath.toLowerCase();
  const [kept, setKept] = useState(params);
  if (mine && kept !== params) setKept(params);
  const current = mine ? params : kept;
  const query = useMemo(() => ({ ...defaults, ...readOrderQuery(current) }), [current, defaults]);

  const setQuery = useCallback(
    (next: Partial<OrderListFilter>) => {
      const keep: Record<string, string> = {};
      const order = current.get('order');
      if (order) keep.order = order;
      setParams(writeOrderQuery(next, keep, defaults));
    },
    [current, setParams, defaults],
  );
  /** The drawer's order id, also in the URL so the open order has a link. */
  const openId = Number(current.get('order')) || null;
  const setOpenId = useCallback(
    (id: number | null) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('order');
      else next.set('order', String(id));
      setParams(next);
    },
    [current, setParams],
  );
  return { query, setQuery, openId, setOpenId, params: current, active: mine };
}
