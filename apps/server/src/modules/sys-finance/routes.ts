import {
  FinanceRule,
  permOf,
  SysFinanceRuleInput,
  SysLevel,
  SysLevelInput,
  SysLevelList,
  SysLevelUpdate,
} from '@app/shared';
import type { Access } from '../../http/access.ts';
import type { App } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { addLevel, financeRule, listLevels, updateFinanceRule, updateLevel } from './service.ts';

/** The operator's permissions on levels and finance rules (seeded with their menus). */
export const LEVEL_PERMS = {
  list: permOf('/sys/level', 'list'),
  add: permOf('/sys/level', 'add'),
  update: permOf('/sys/level', 'update'),
} as const;
export const FINANCE_PERMS = {
  info: permOf('/sys/finance', 'info'),
  update: permOf('/sys/finance', 'update'),
} as const;

const can = (perm: string): { access: Access } => ({ access: { auth: 'admin', perm } });

/** `/api/sys/level/*` (member levels and their prices) and `/api/sys/finance/*` (recharge rules). */
export function registerSysFinanceRoutes(app: App): void {
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/level/list',
      tags: ['sys/level'],
      summary: 'Member levels with price, duration, discount and how many sellers hold each',
      response: SysLevelList,
      ...can(LEVEL_PERMS.list),
    },
    (ctx) => listLevels(ctx),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/level/add',
      tags: ['sys/level'],
      summary: 'Add a member level (its order number is unique)',
      body: SysLevelInput,
      response: SysLevel,
      ...can(LEVEL_PERMS.add),
    },
    (ctx, input) => addLevel(ctx, input),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/level/update',
      tags: ['sys/level'],
      summary: "Change a level's names, price, duration or discount (bought levels keep theirs)",
      body: SysLevelUpdate,
      response: SysLevel,
      ...can(LEVEL_PERMS.update),
    },
    (ctx, input) => updateLevel(ctx, input),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/api/sys/finance/rule',
      tags: ['sys/finance'],
      summary: 'Recharge rules: minimum and bonus tiers',
      response: FinanceRule,
      ...can(FINANCE_PERMS.info),
    },
    (ctx) => financeRule(ctx),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/sys/finance/rule-update',
      tags: ['sys/finance'],
      summary: 'Set the recharge minimum and bonus tiers (a tier bonus is below its amount)',
      body: SysFinanceRuleInput,
      response: FinanceRule,
      ...can(FINANCE_PERMS.update),
    },
    (ctx, input) => updateFinanceRule(ctx, input),
  );
}
