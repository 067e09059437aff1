// Statistics' public face: the order desk, import, sync and purchase orders keep the rollups
// current through these, in the transaction of their write.
export {
  addNewOrderFigures,
  backfillFigures,
  rebuildFigures,
  refreshOrderFigures,
  refreshPurchaseOrderFigures,
} from './rollup.ts';
