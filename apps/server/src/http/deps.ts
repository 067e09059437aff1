import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Connectors } from '../integrations/marketplaces/index.ts';
import type { Messenger } from '../integrations/messenger.ts';
import type { ObjectStorage } from '../integrations/object-storage.ts';
import type { JobRunner } from '../jobs/runner.ts';

/**
 * What start-up hands every module's routes. It lives apart from `app.ts`, which imports the
 * modules, so routes depend on this contract and never on the app that registers them.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  messenger: Messenger;
  jobs: JobRunner;
  storage: ObjectStorage;
  /** One connector per available marketplace (`createMarketplaceConnectors`). */
  connectors: Connectors;
}

export type App = FastifyInstance;
