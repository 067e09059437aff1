import type { AppDeps, App } from '../app.ts';
import { registerAccountRoutes } from './account/routes.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { registerCartRoutes } from './cart/routes.ts';
import { registerCommonRoutes } from './common/routes.ts';
import { registerDesignRoutes } from './design/routes.ts';
import { registerDevRoutes } from './dev/routes.ts';
import { registerDirectUploadRoutes } from './direct-uploads/routes.ts';
import { registerFinanceRoutes } from './finance/routes.ts';
import { registerGoodsLibraryRoutes } from './goods-library/routes.ts';
import { registerGoodsRoutes } from './goods/routes.ts';
import { registerImageRoutes } from './images/routes.ts';
import { registerJobRoutes } from './jobs/routes.ts';
import { registerMarketRoutes } from './markets/routes.ts';
import { registerMaterialRoutes } from './materials/routes.ts';
import { registerMenuRoutes } from './menus/routes.ts';
import { registerOrderRoutes } from './orders/routes.ts';
import { registerSysLoginRoutes } from './sys-login/routes.ts';
import { registerTemplateRoutes } from './templates/routes.ts';
import { registerUploadRoutes } from './uploads/routes.ts';

/** Each feature module registers its routes here; modules never import one another's routes. */
export async function registerModules(app: App, deps: AppDeps): Promise<void> {
  void app;
  void deps;
  registerAuthRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerCommonRoutes(app, deps);
  registerSysLoginRoutes(app, deps);
  registerMenuRoutes(app);
  registerJobRoutes(app);
  registerUploadRoutes(app, deps);
  registerDirectUploadRoutes(app, deps);
  registerImageRoutes(app, deps);
  registerMaterialRoutes(app, deps);
  registerGoodsLibraryRoutes(app);
  registerGoodsRoutes(app, deps);
  registerMarketRoutes(app, deps);
  registerDesignRoutes(app, deps);
  registerFinanceRoutes(app, deps);
  registerCartRoutes(app);
  registerOrderRoutes(app, deps);
  registerTemplateRoutes(app);
  if (deps.config.NODE_ENV !== 'production') registerDevRoutes(app);
}
