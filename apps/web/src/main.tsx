import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/styles.css';
import './shared/i18n/i18n.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { syncTabsWithSession } from './app/tabs/sync-tabs.ts';

syncTabsWithSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
