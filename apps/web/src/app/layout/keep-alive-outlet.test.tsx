import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ViewRoute } from '../../shared/session/view-routes.ts';
import { indexRoutes } from '../shell-routes.ts';
import { initialTabs } from '../tabs/tabs.ts';
import { useTabsStore } from '../tabs/tabs-store.ts';
import { KeepAliveOutlet } from './keep-alive-outlet.tsx';

const route = (path: string, keepAlive: boolean): ViewRoute => ({
  menuId: 1,
  path,
  name: path,
  viewPath: path.slice(1),
  keepAlive,
  kind: 'view',
});

const routes = [route('/kept', true), route('/plain', false)];
const byPath = indexRoutes(routes);

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {name}:{count}
    </button>
  );
}

let go: (path: string) => void = () => undefined;
function Navigator() {
  const navigate = useNavigate();
  useEffect(() => {
    go = (path) => act(() => void navigate(path));
  }, [navigate]);
  return null;
}

function renderShell() {
  render(
    <MemoryRouter initialEntries={['/kept']}>
      <Navigator />
      <Routes>
        <Route
          element={
            <KeepAliveOutlet byPath={byPath} renderRoute={(r) => <Counter name={r.path} />} />
          }
        >
          {routes.map((r) => (
            <Route key={r.path} path={r.path} element={<Counter name={r.path} />} />
          ))}
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  useTabsStore.setState({ tabs: initialTabs() });
});

describe('keep-alive pages', () => {
  it('keeps a keepAlive page mounted while its tab is open, and drops it when the tab closes', () => {
    useTabsStore.getState().visit({ path: '/kept', label: 'kept' });
    renderShell();
    fireEvent.click(screen.getByText('/kept:0'));
    fireEvent.click(screen.getByText('/kept:1'));

    go('/plain');
    useTabsStore.getState().visit({ path: '/plain', label: 'plain' });
    expect(screen.getByText('/plain:0')).toBeTruthy();
    // Hidden, not unmounted: its state is still there.
    expect(screen.getByText('/kept:2').style.display).toBe('none');

    go('/kept');
    expect(screen.getByText('/kept:2').style.display).not.toBe('none');
    expect(screen.queryByText(/\/plain:/)).toBeNull();

    go('/plain');
    act(() => void useTabsStore.getState().remove('/kept'));
    go('/kept');
    expect(screen.getByText('/kept:0')).toBeTruthy();
  });

  it('does not keep ordinary pages', () => {
    useTabsStore.getState().visit({ path: '/plain', label: 'plain' });
    renderShell();
    go('/plain');
    fireEvent.click(screen.getByText('/plain:0'));
    go('/kept');
    go('/plain');
    expect(screen.getByText('/plain:0')).toBeTruthy();
  });
});
