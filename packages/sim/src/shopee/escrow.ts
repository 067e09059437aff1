import type { ShopContext } from './context.ts';
import { REGIONS } from './data.ts';
import { paramError } from './errors.ts';
import { findOrder } from './orders.ts';

/** The simulator's fees, in percent of the items' price: Shopee's common cross-border rates. */
const ESCROW_FEE_PERCENT = { commission_fee: 6, service_fee: 2, seller_transaction_fee: 2 };

/**
 * v2.payment.get_escrow_detail: the order's income breakdown. Fees are whole minor units of the
 * items' price (before the buyer's shipping), so a client's sum matches to the cent. Shopee
 * answers before completion too, with figures that may still change; the seller's copy is final
 * once the order is COMPLETED.
 */
export function getEscrowDetail(ctx: ShopContext) {
  const sn = ctx.query.get('order_sn');
  if (!sn) throw paramError('Wrong parameters, detail: order_sn is required.');
  const order = findOrder(ctx, sn);
  const { decimals } = REGIONS[ctx.shop.region]!;
  const scale = 10 ** decimals;
  const priceMinor = order.lines.reduce((n, l) => n + Math.round(l.price * scale) * l.qty, 0);
  const fee = (percent: number) => Math.round((priceMinor * percent) / 100);
  const fees = {
    commission_fee: fee(ESCROW_FEE_PERCENT.commission_fee),
    service_fee: fee(ESCROW_FEE_PERCENT.service_fee),
    seller_transaction_fee: fee(ESCROW_FEE_PERCENT.seller_transaction_fee),
  };
  const feesMinor = fees.commission_fee + fees.service_fee + fees.seller_transaction_fee;
  const major = (minor: number) => minor / scale;
  return {
    order_sn: order.order_sn,
    buyer_user_name: order.source.address.name.toLowerCase().replace(/\s+/g, '.'),
    return_order_sn_list: [],
    order_income: {
      escrow_amount: major(priceMinor - feesMinor),
      buyer_total_amount: major(priceMinor),
      original_price: major(priceMinor),
      order_original_price: major(priceMinor),
      order_selling_price: major(priceMinor),
      seller_discount: 0,
      shopee_discount: 0,
      voucher_from_seller: 0,
      voucher_from_shopee: 0,
      coins: 0,
      buyer_paid_shipping_fee: 0,
      commission_fee: major(fees.commission_fee),
      service_fee: major(fees.service_fee),
      seller_transaction_fee: major(fees.seller_transaction_fee),
      order_ams_commission_fee: 0,
      final_shipping_fee: 0,
      actual_shipping_fee: 0,
      escrow_tax: 0,
      items: order.lines.map((l) => ({
        item_id: l.itemId,
        item_name: l.title,
        item_sku: l.modelId === 0 ? l.sku : '',
        model_id: l.modelId,
        model_sku: l.modelId === 0 ? '' : l.sku,
        original_price: major(Math.round(l.price * scale) * l.qty),
        quantity_purchased: l.qty,
      })),
    },
  };
}
