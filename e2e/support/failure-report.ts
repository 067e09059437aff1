import { afterEach } from 'vitest';
import { reportOpenPages } from './browser.ts';

// A failed test's browsers that stay open for the file's next test (opened in beforeAll) are
// read here; one its own afterEach closes is read as it closes (browser.ts).
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await reportOpenPages();
});
