/** Local simulators of the external services the server talks to, speaking their real protocols. */
export { S3Error } from './s3/errors.ts';
export {
  createS3Simulator,
  SIM_S3_DEFAULTS,
  startS3Simulator,
  type RunningS3Simulator,
  type S3Simulator,
  type S3SimulatorOptions,
} from './s3/server.ts';
export type { SimCredentials } from './s3/signature.ts';
export * from './http.ts';
export * from './market.ts';
export * from './marketplaces.ts';
export type { Deliver as WebhookDeliver } from './shopify/webhooks.ts';
export { webhookHmac } from './shopify/webhooks.ts';
export { createAmazonSimulator } from './amazon/server.ts';
export { SIM_SQS_DEFAULTS, simQueueArn } from './amazon/sqs.ts';
export {
  createShopifySimulator,
  SHOPIFY_PLAN_RESTORE_RATES,
  shopifyPlanThrottle,
  type ShopifyPlan,
} from './shopify/server.ts';
export { createShopeeSimulator } from './shopee/server.ts';
export { createTemuSimulator } from './temu/server.ts';
export {
  createAlipaySimulator,
  startAlipaySimulator,
  type AlipaySimOptions,
  type AlipaySimulator,
  type RunningAlipaySimulator,
} from './alipay/server.ts';
export { SIM_ALIPAY_DEFAULTS, type AlipayKeys } from './alipay/keys.ts';
export {
  createTranslateSimulator,
  SIM_TRANSLATE_DEFAULTS,
  startTranslateSimulator,
  type TranslateSimOptions,
  type TranslateSimulator,
} from './translate/server.ts';
export { SIM_LANGUAGES, translateText } from './translate/glossary.ts';
export {
  createKuaidi100Simulator,
  SIM_KUAIDI100_DEFAULTS,
  startKuaidi100Simulator,
  type Kuaidi100SimOptions,
  type Kuaidi100Simulator,
} from './kuaidi100/server.ts';
export {
  createEcbSimulator,
  ECB_DAILY_PATH,
  SIM_ECB_RATES,
  startEcbSimulator,
  type EcbSimOptions,
  type EcbSimulator,
} from './ecb/server.ts';
