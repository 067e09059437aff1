import type { FbaBoxLabelQuery, FbaProductLabelQuery } from '@app/shared';
import type { z } from 'zod';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { renderText } from '../../i18n/render-text.ts';
import type { MarketCtx } from '../markets/service.ts';
import { productLabelsPdf } from './product-labels.ts';
import { findPlan, shipmentsOf } from './repository.ts';
import { inboundOf, step } from './session.ts';

/** More labels than this in one file are refused: a printer queue, not a browser, takes those. */
const MAX_PRODUCT_LABELS = 5000;

/** Box labels as Amazon makes them (v0 getLabels), one per box of the shipment. */
export async function boxLabels(
  ctx: MarketCtx,
  query: z.output<typeof FbaBoxLabelQuery>,
): Promise<{ filename: string; pdf: Buffer }> {
  const { plan, store } = await findPlan(ctx, query.id);
  const shipment = (await shipmentsOf(ctx, [plan.id])).find(
    (s) => s.remoteShipmentId === query.shipment_id || s.confirmationId === query.shipment_id,
  );
  if (!shipment) throw new NotFoundError('fba.shipment_not_found');
  if (!shipment.transportationOptionId || !shipment.confirmationId) {
    throw new ConflictError('fba.no_box_labels_yet');
  }
  const { inbound, session } = inboundOf(ctx, store, false);
  const pdf = await step(ctx, plan, async () => {
    const { downloadUrl } = await inbound.getLabels(session, shipment.confirmationId!, {
      pageType: query.page_type,
      labelType: 'UNIQUE',
      numberOfPackages: shipment.boxes.length,
    });
    return inbound.downloadLabel(downloadUrl);
  });
  return { filename: `${shipment.confirmationId}-boxes.pdf`, pdf };
}

/** FNSKU labels, one per unit of the plan, on the chosen sheet. */
export async function productLabels(
  ctx: MarketCtx,
  query: z.output<typeof FbaProductLabelQuery>,
): Promise<{ filename: string; pdf: Uint8Array }> {
  const { plan } = await findPlan(ctx, query.id);
  const labels = plan.items.flatMap((item) =>
    item.fnsku
      ? Array.from({ length: item.quantity }, () => ({
          fnsku: item.fnsku!,
          title: item.title,
          condition: 'New',
        }))
      : [],
  );
  if (labels.length > MAX_PRODUCT_LABELS)
    throw new ConflictError('fba.too_many_labels', { max: MAX_PRODUCT_LABELS });
  const pdf = await productLabelsPdf(
    query.sheet,
    labels,
    renderText(ctx.lang, 'pdf.fba_product_labels', { number: plan.number }),
  );
  return { filename: `${plan.number}-products-${query.sheet}.pdf`, pdf };
}
