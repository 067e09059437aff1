import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStyles } from './antd-styles.ts';
import { precompress } from './precompress.ts';

// `VITE_API_PORT` lets several dev servers run side by side, each against its own API.
const API_TARGET = `http://localhost:${process.env.VITE_API_PORT ?? '9000'}`;

/**
 * Hand-made chunks, measured against the login page's first load (budget 250 KB gzipped):
 * the framework and i18n cache across releases, and antd's form stack (form, input, button,
 * tooltip, their rc-components and, through them, antd's style core) ships as one file, which
 * compresses about 10 KB better than the two dozen pieces automatic splitting makes. Other
 * antd components stay with the pages that use them.
 */
const CHUNK_GROUPS = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
    priority: 30,
  },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 20 },
  {
    name: 'antd-form',
    test: /node_modules[\\/](antd[\\/]es[\\/](form|input|grid|tooltip|button|space)|@rc-component[\\/](form|input|async-validator|trigger|tooltip)|compute-scroll-into-view|scroll-into-view-if-needed)[\\/]/,
    priority: 10,
  },
];

export default defineConfig({
  plugins: [react(), antdStyles(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/app-config.js': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
});
