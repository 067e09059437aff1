import { bundleServer } from './bundle.mjs';

// One bundle for `npm start`.
await bundleServer('src/main.ts', 'dist/main.js');
