import { afterEach, beforeEach, expect, it } from 'vitest';
import { HelpArticlesConsole, operatorOpens, TasksConsole } from '../pages/help-and-tasks.ts';
import { LoginPage } from '../pages/login-page.ts';
import { openBrowser, shot, type Session } from '../support/browser.ts';
import { baseURL, captcha } from '../support/target.ts';

const OPERATOR = { username: 'admin', password: 'Admin@123456', captcha };

let session: Session;
beforeEach(async () => {
  session = await openBrowser({ locale: 'en' });
  await session.context.addInitScript(() => localStorage.setItem('lang', 'en'));
});
afterEach(async () => session.close());

it('an operator publishes a help article that a seller then finds in the /help search', async () => {
  const operator = session.page;
  await operatorOpens(operator, baseURL, '/sys/article', OPERATOR);
  const console = new HelpArticlesConsole(operator);
  const word = `Quokka${Date.now().toString(36)}`;
  await console.write({
    slug: `e2e-${word.toLowerCase()}`,
    titleZh: `${word} 退货说明`,
    bodyZh: '买家申请退货时，请在**订单详情**中查看原因。',
    titleEn: `${word} returns`,
    bodyEn: 'When a buyer asks for a return, see the reason in **order details**.',
  });
  await console.row(word).getByText('Published').waitFor();
  await shot(operator, 'help-articles-console-en');

  const seller = await session.context.newPage();
  const login = new LoginPage(seller, baseURL);
  await login.goto();
  await login.loginByEmail('demo@example.com', 'Demo@123456', captcha);
  await seller.waitForURL(/\/home\/index$/);
  await seller.goto(`${baseURL}/help`);
  const search = seller.getByRole('searchbox', { name: /Keywords/ });
  await search.fill(word);
  await search.press('Enter');
  await seller.waitForURL(new RegExp(`q=${word}`));
  await seller.getByRole('link', { name: `${word} returns` }).click();
  await seller.getByRole('heading', { name: `${word} returns` }).waitFor();
  expect(await seller.locator('.help-article__body strong').innerText()).toBe('order details');
  await seller.getByRole('button', { name: /Yes/ }).click();
  await seller.getByText('Thanks for the feedback').waitFor();
  await shot(seller, 'help-article-en');

  // The seeded articles answer "FBA" too.
  await seller.goto(`${baseURL}/help?q=FBA`);
  await seller.getByRole('link', { name: /FBA shipments/ }).waitFor();
});

it('an operator stops and starts order sync, runs it once and reads its log', async () => {
  const { page } = session;
  await operatorOpens(page, baseURL, '/sys/task', OPERATOR);
  const tasks = new TasksConsole(page);
  const job = 'Order sync (every authorized store)';
  await tasks.row(job).getByText('Running', { exact: true }).waitFor();

  await tasks.press(job, 'Stop');
  await tasks.row(job).getByText('Stopped', { exact: true }).waitFor();
  await shot(page, 'tasks-stopped-en');
  await tasks.press(job, 'Start');
  await tasks.row(job).getByText('Running', { exact: true }).waitFor();

  await tasks.runOnce(job, '{"store_ids": [999999]}');
  const log = await tasks.openLog(job);
  const run = log.locator('.ant-table-row').filter({ hasText: 'Run once' }).first();
  await run.getByText('Succeeded').waitFor({ timeout: 30_000 });
  expect(await run.innerText()).toMatch(/\d+ ms/);
  expect(await run.innerText()).toContain('{"queued":0}');
  await shot(page, 'tasks-log-en');
});
