import { describe, expect, it } from 'vitest';
import { DESK_STATUS_NAMES, ORDER_STATUSES } from '@app/shared';
import { ordersEn } from './i18n-en.ts';
import { ordersZhCN } from './i18n-zh-cn.ts';

const unnamed = (names: Record<string, string>, statuses: readonly string[]) =>
  statuses.filter((status) => !names[status]?.trim());

describe.each([
  ['zh-CN', ordersZhCN],
  ['en', ordersEn],
])('order texts in %s', (_language, texts) => {
  it('name every status of the shared lists', () => {
    expect(unnamed(texts.orderStatus, ORDER_STATUSES)).toEqual([]);
    expect(unnamed(texts.deskStatus, DESK_STATUS_NAMES)).toEqual([]);
    expect(unnamed(texts.tabs, ['all', ...DESK_STATUS_NAMES])).toEqual([]);
  });
});
