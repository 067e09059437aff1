import { describe, expect, it } from 'vitest';
import { DESK_STATUS, DESK_STATUSES, ORDER_ACTIONS } from '@app/shared';
import { ConflictError } from '../../errors.ts';
import { allowedActions as allowedFor, assertAllowed, ORDER_TRANSITIONS } from './transitions.ts';

/** What a seller-fulfilled order in `status` allows. */
const allowedActions = (status: number) => allowedFor({ status, fulfillmentChannel: 'MFN' });
import { proportion } from './money.ts';

describe('order transitions', () => {
  it('has a row for every desk status, naming only known actions', () => {
    expect(Object.keys(ORDER_TRANSITIONS).map(Number).sort()).toEqual([...DESK_STATUSES].sort());
    for (const actions of Object.values(ORDER_TRANSITIONS)) {
      for (const action of actions) expect(ORDER_ACTIONS).toContain(action);
    }
  });

  it('lets a new order be worked on and a shipped one only take memos and copies', () => {
    expect(allowedActions(DESK_STATUS.new)).toEqual(
      expect.arrayContaining(['split', 'cancel', 'save_logistics', 'hold', 'add_cart']),
    );
    expect(allowedActions(DESK_STATUS.shipped)).toEqual(['save_memo', 'copy', 'print_label']);
    expect(allowedActions(DESK_STATUS.cancelled)).not.toContain('cancel');
  });

  it('holds and releases only from the right statuses', () => {
    expect(allowedActions(DESK_STATUS.new)).toContain('hold');
    expect(allowedActions(DESK_STATUS.new)).not.toContain('unhold');
    expect(allowedActions(DESK_STATUS.on_hold)).toEqual(expect.arrayContaining(['unhold']));
    expect(allowedActions(DESK_STATUS.on_hold)).not.toContain('hold');
    expect(allowedActions(DESK_STATUS.purchased)).toContain('cancel');
    expect(allowedActions(DESK_STATUS.purchased)).not.toContain('split');
  });

  it('allows customs until shipping, labels once logistics are set, one refund path', () => {
    const allowing = (action: (typeof ORDER_ACTIONS)[number]) =>
      DESK_STATUSES.filter((s) => allowedActions(s).includes(action));
    expect(allowing('edit_customs')).toEqual([10, 20, 30, 40]);
    expect(allowing('print_label')).toEqual([30, 40, 50]);
    expect(allowing('refund')).toEqual([10, 20, 30]);
  });

  it('refuses with a 409 that says what is allowed', () => {
    expect(() =>
      assertAllowed({ id: 7, status: DESK_STATUS.shipped, fulfillmentChannel: 'MFN' }, 'cancel'),
    ).toThrow(ConflictError);
    try {
      assertAllowed({ id: 7, status: DESK_STATUS.shipped, fulfillmentChannel: 'MFN' }, 'split');
    } catch (error) {
      expect((error as ConflictError).status).toBe(409);
      expect((error as ConflictError).data).toMatchObject({
        status: 50,
        action: 'split',
        allowed: ['save_memo', 'copy', 'print_label'],
      });
    }
    expect(() =>
      assertAllowed({ id: 7, status: DESK_STATUS.new, fulfillmentChannel: 'MFN' }, 'split'),
    ).not.toThrow();
  });

  it('leaves a marketplace-fulfilled order only its memo, refused with its own message', () => {
    for (const status of DESK_STATUSES) {
      expect(allowedFor({ status, fulfillmentChannel: 'AFN' })).toEqual(['save_memo']);
    }
    const afn = { id: 8, status: DESK_STATUS.new, fulfillmentChannel: 'AFN' as const };
    for (const action of ['hold', 'cancel', 'save_logistics', 'split', 'add_cart'] as const) {
      expect(() => assertAllowed(afn, action)).toThrow(
        expect.objectContaining({ status: 409, key: 'orders.marketplace_fulfilled' }),
      );
    }
    expect(() => assertAllowed(afn, 'save_memo')).not.toThrow();
  });
});

describe('order money splits', () => {
  it('splits amounts so the parts add up to the whole', () => {
    const moved = proportion(1000, 1, 3);
    expect(moved).toBe(333);
    expect(moved + (1000 - moved)).toBe(1000);
    expect(proportion(1001, 1, 2)).toBe(501);
    expect(proportion(9_000_000_000_000, 9999, 9999)).toBe(9_000_000_000_000);
  });
});
