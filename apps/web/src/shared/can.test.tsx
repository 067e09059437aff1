import { render, renderHook, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from './auth/auth-store.ts';
import { Can, useCan } from './can.tsx';

beforeEach(() => {
  useAuthStore.setState({ perms: ['sys:menu:add', 'sys:menu:list'] });
});

describe('Can / useCan', () => {
  it('renders children when the permission is held', () => {
    render(<Can perm="sys:menu:add">add button</Can>);
    expect(screen.getByText('add button')).toBeTruthy();
  });

  it('renders the fallback when it is not', () => {
    render(
      <Can perm="sys:menu:delete" fallback="no access">
        delete button
      </Can>,
    );
    expect(screen.queryByText('delete button')).toBeNull();
    expect(screen.getByText('no access')).toBeTruthy();
  });

  it('supports or / and requirements and denies an empty one', () => {
    expect(
      renderHook(() => useCan({ or: ['sys:menu:delete', 'sys:menu:list'] })).result.current,
    ).toBe(true);
    expect(
      renderHook(() => useCan({ and: ['sys:menu:delete', 'sys:menu:list'] })).result.current,
    ).toBe(false);
    expect(renderHook(() => useCan('')).result.current).toBe(false);
  });

  it('follows permission changes', () => {
    const { result, rerender } = renderHook(() => useCan('sys:user:add'));
    expect(result.current).toBe(false);
    useAuthStore.setState({ perms: ['sys:user:add'] });
    rerender();
    expect(result.current).toBe(true);
  });
});
