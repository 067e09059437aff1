// Store auto-buy's public face, for the job wiring: the job and its queueing after a sync.
export { ORDERS_AUTO_BUY, queueAutoBuy, runAutoBuy, type AutoBuyResult } from './run.ts';
