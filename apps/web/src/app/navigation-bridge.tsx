import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { bindNavigator } from '../shared/navigation.ts';

/** Lends the router's navigate to the request client (401 → /login, 403 → /403, 500 → /500). */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    bindNavigator((to, options) => void navigate(to, options));
    return () => bindNavigator(null);
  }, [navigate]);
  return null;
}

/** Spec 2: every navigation starts at the top of the page. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
