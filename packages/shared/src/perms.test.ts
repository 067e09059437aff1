import { describe, expect, it } from 'vitest';
import { checkPerm, permOf } from './perms.ts';

const held = ['sys:menu:list', 'sys:menu:add', 'goods:collect:delete'];

describe('checkPerm (spec 5)', () => {
  it('denies an empty requirement', () => {
    expect(checkPerm(held, '')).toBe(false);
    expect(checkPerm(held, '   ')).toBe(false);
    expect(checkPerm(held, null)).toBe(false);
    expect(checkPerm(held, undefined)).toBe(false);
    expect(checkPerm(held, { or: [] })).toBe(false);
    expect(checkPerm(held, { and: [] })).toBe(false);
  });

  it('passes a string held exactly', () => {
    expect(checkPerm(held, 'sys:menu:add')).toBe(true);
    expect(checkPerm(held, 'sys:menu:delete')).toBe(false);
  });

  it('passes a string that any held permission contains', () => {
    expect(checkPerm(held, 'sys:menu')).toBe(true);
    expect(checkPerm(held, 'collect:del')).toBe(true);
    expect(checkPerm(held, 'sys:user')).toBe(false);
  });

  it('removes whitespace from the requirement and the held permissions', () => {
    expect(checkPerm(held, ' sys : menu : add ')).toBe(true);
    expect(checkPerm(['sys:menu: update'], 'sys:menu:update')).toBe(true);
    expect(checkPerm(['sys:menu:\tupdate\n'], 'sys:menu:update ')).toBe(true);
  });

  it('denies everything when nothing is held', () => {
    expect(checkPerm([], 'sys:menu:add')).toBe(false);
  });

  it('passes "or" when any requirement passes', () => {
    expect(checkPerm(held, { or: ['sys:user:add', 'sys:menu:add'] })).toBe(true);
    expect(checkPerm(held, { or: ['sys:user:add', 'sys:role:add'] })).toBe(false);
  });

  it('passes "and" only when every requirement passes', () => {
    expect(checkPerm(held, { and: ['sys:menu:list', 'sys:menu:add'] })).toBe(true);
    expect(checkPerm(held, { and: ['sys:menu:list', 'sys:menu:delete'] })).toBe(false);
  });

  it('evaluates nested requirements', () => {
    expect(
      checkPerm(held, { and: ['sys:menu:list', { or: ['sys:user:add', 'goods:collect:delete'] }] }),
    ).toBe(true);
    expect(
      checkPerm(held, {
        or: [{ and: ['sys:menu:add', 'sys:user:add'] }, { and: ['goods:collect', ''] }],
      }),
    ).toBe(false);
    expect(
      checkPerm(held, {
        or: [{ and: ['sys:menu:add', 'sys:user:add'] }, { and: ['goods:collect'] }],
      }),
    ).toBe(true);
  });
});

describe('permOf (spec 6)', () => {
  it('turns the namespace slashes into colons and appends the action', () => {
    expect(permOf('sys/menu', 'add')).toBe('sys:menu:add');
    expect(permOf('/goods/collect/', 'list')).toBe('goods:collect:list');
    expect(permOf('sys/log', 'get-keep')).toBe('sys:log:get-keep');
  });
});
