import type { AppDeps, App } from '../http/deps.ts';
import { registerAccountRoutes } from './account/routes.ts';
import { registerAuditRoutes } from './audit/routes.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { registerAutoBuyRoutes } from './auto-buy/routes.ts';
import { registerCartRoutes } from './cart/routes.ts';
import { registerCommonRoutes } from './common/routes.ts';
import { registerDesignRoutes } from './design/routes.ts';
import { registerDevRoutes } from './dev/routes.ts';
import { registerDirectUploadRoutes } from './direct-uploads/routes.ts';
import { registerFbaRoutes } from './fba/index.ts';
import { registerFinanceRoutes } from './finance/routes.ts';
import { registerGoodsLibraryRoutes } from './goods-library/routes.ts';
import { registerGoodsRoutes } from './goods/routes.ts';
import { registerImageRoutes } from './images/routes.ts';
import { registerImageToolRoutes } from './image-tools/routes.ts';
import { registerInventoryRoutes } from './inventory/index.ts';
import { registerJobRoutes } from './jobs/routes.ts';
import { registerMarketRoutes } from './markets/routes.ts';
import { registerWebhookRoutes } from './webhooks/routes.ts';
import { registerMaterialRoutes } from './materials/routes.ts';
import { registerMenuRoutes } from './menus/routes.ts';
import { registerNotificationRoutes } from './notifications/routes.ts';
import { registerOrderDocumentRoutes } from './orders/documents-routes.ts';
import { registerOrderRoutes } from './orders/routes.ts';
import { registerOrderTransferRoutes } from './orders/transfer-routes.ts';
import { registerPictureZipRoutes } from './picture-zip/routes.ts';
import { registerProductionRoutes } from './production/routes.ts';
import { registerShopeeOrderRoutes } from './shopee-orders/routes.ts';
import { registerTemuPoRoutes } from './temu-po/routes.ts';
import { registerStatisticsRoutes } from './statistics/routes.ts';
import { registerSysInfoRoutes } from './sys-info/index.ts';
import { registerOperationLog, registerSysLogRoutes } from './sys-log/index.ts';
import { registerSysLoginRoutes } from './sys-login/routes.ts';
import { registerSysTaskRoutes } from './sys-tasks/index.ts';
import { registerHelpRoutes } from './help/index.ts';
// Operator maintenance of what sellers see (issue 22 part C).
import { registerSysFinanceRoutes } from './sys-finance/routes.ts';
import { registerSysGoodsRoutes } from './sys-goods/routes.ts';
import { registerSysSellerRoutes } from './sys-sellers/routes.ts';
import { registerTeamRoutes } from './team/routes.ts';
// The operators' console (issue 22, part A): departments, operators, roles, parameters.
import { registerSysDeptRoutes } from './sys-dept/index.ts';
import { registerSysParamRoutes } from './sys-params/index.ts';
import { registerSysRoleRoutes } from './sys-role/index.ts';
import { registerPersonRoutes, registerSysUserRoutes } from './sys-user/index.ts';
import { registerTemplateRoutes } from './templates/routes.ts';
import { registerUpcRoutes } from './upc/routes.ts';
import { registerListingRoutes } from './listings/routes.ts';
import { registerUploadRoutes } from './uploads/routes.ts';
import { prepareStoreSecretBox } from '../integrations/secret-box.ts';

/** Each feature module registers its routes here; modules never import one another's routes. */
export async function registerModules(app: App, deps: AppDeps): Promise<void> {
  // Store credentials are sealed and opened from here on; a generated key is read once.
  await prepareStoreSecretBox(deps.config, deps.database.db);
  // Before any route, so every write request of every module is logged.
  registerOperationLog(app);
  registerAuthRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerCommonRoutes(app, deps);
  registerSysLoginRoutes(app, deps);
  registerSysLogRoutes(app);
  registerSysInfoRoutes(app, deps);
  // Scheduled tasks and the help center (issues 22 and 24).
  registerSysTaskRoutes(app, {
    runner: deps.jobs,
    sweepSeconds: deps.config.JOB_SWEEP_SECONDS ?? null,
  });
  registerHelpRoutes(app);
  registerMenuRoutes(app);
  registerSysDeptRoutes(app);
  registerSysUserRoutes(app);
  registerPersonRoutes(app);
  registerSysRoleRoutes(app);
  registerSysParamRoutes(app);
  registerJobRoutes(app);
  registerUploadRoutes(app, deps);
  registerDirectUploadRoutes(app, deps);
  registerImageRoutes(app, deps);
  registerImageToolRoutes(app, deps);
  registerMaterialRoutes(app, deps);
  registerGoodsLibraryRoutes(app);
  registerGoodsRoutes(app, deps);
  registerPictureZipRoutes(app, deps);
  registerMarketRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  registerAutoBuyRoutes(app);
  registerDesignRoutes(app, deps);
  registerFinanceRoutes(app, deps);
  registerCartRoutes(app);
  registerOrderRoutes(app, deps);
  registerOrderTransferRoutes(app, deps);
  registerOrderDocumentRoutes(app);
  registerShopeeOrderRoutes(app, deps);
  registerTemuPoRoutes(app, deps);
  registerFbaRoutes(app, deps);
  registerInventoryRoutes(app, deps);
  registerProductionRoutes(app, deps);
  registerTeamRoutes(app, deps);
  registerNotificationRoutes(app);
  registerAuditRoutes(app);
  registerTemplateRoutes(app);
  registerUpcRoutes(app);
  registerListingRoutes(app, deps);
  registerSysGoodsRoutes(app, deps);
  registerSysFinanceRoutes(app);
  registerSysSellerRoutes(app);
  registerStatisticsRoutes(app);
  if (deps.config.DEMO) registerDevRoutes(app);
}
