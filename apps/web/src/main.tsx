import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/styles.css';
import { i18nReady } from './shared/i18n/i18n.ts';
import { AppRouter } from './app/router.tsx';
import { syncTabsWithSession } from './app/tabs/sync-tabs.ts';

syncTabsWithSession();

// A reader who chose the other language sees the boot splash until its texts arrive.
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  ),
);
