import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.page.test.tsx'],
        },
      },
      {
        extends: true,
        // Page tests drive the real pages against the real API server started by globalSetup.
        test: {
          name: 'pages',
          include: ['src/**/*.page.test.tsx'],
          globalSetup: ['src/test/real-server.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
