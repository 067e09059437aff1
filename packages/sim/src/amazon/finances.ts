import { decimalOf, type SimMarketplace } from './sites.ts';

/** The restricted role an app needs for the Finances API (Seller Central's "Finance and Accounting"). */
export const FINANCE_ROLE = 'Finance and Accounting';

/** Amazon posts a shipment's financial event some time after it ships (up to 48 hours). */
export const POSTING_DELAY_MS = 4 * 60 * 60_000;
/** The referral fee the simulator charges: 15% of the item price, Amazon's common rate. */
const REFERRAL_PERCENT = 15;
/** FBA's per-unit fulfilment fee on orders Amazon fulfils, in minor units of the site currency. */
const FBA_PER_UNIT_MINOR = 322;

/** What the finances of one order need from the orders' view. */
export interface FinanceOrder {
  orderId: string;
  site: SimMarketplace;
  marketplaceFulfilled: boolean;
  /** When the shipped units left: null while nothing has shipped. */
  shippedAt: Date | null;
  items: Array<{ orderItemId: string; sku: string; shipped: number; unitMinor: number }>;
}

/**
 * `FinancialEvents` of listFinancialEventsByOrderId (financesV0.json): one ShipmentEvent for the
 * shipped units once it is posted, with the principal charged and the fees (negative) per item.
 * Fees are whole minor units, so they add up the same in any client.
 */
export function financialEventsOf(order: FinanceOrder, now: Date): Record<string, unknown> {
  const { site } = order;
  const amount = (minor: number) => ({
    CurrencyCode: site.currency,
    CurrencyAmount: Number(decimalOf(minor, site.currency)),
  });
  const posted =
    order.shippedAt !== null && now.getTime() - order.shippedAt.getTime() >= POSTING_DELAY_MS;
  const shipped = order.items.filter((i) => i.shipped > 0);
  if (!posted || shipped.length === 0) return { ShipmentEventList: [], RefundEventList: [] };
  const event = {
    AmazonOrderId: order.orderId,
    MarketplaceName: site.salesChannel,
    PostedDate: new Date(order.shippedAt!.getTime() + POSTING_DELAY_MS).toISOString(),
    ShipmentItemList: shipped.map((item) => {
      const principal = item.unitMinor * item.shipped;
      const fees = [
        {
          FeeType: 'Commission',
          FeeAmount: amount(-Math.round((principal * REFERRAL_PERCENT) / 100)),
        },
      ];
      if (order.marketplaceFulfilled) {
        fees.push({
          FeeType: 'FBAPerUnitFulfillmentFee',
          FeeAmount: amount(-FBA_PER_UNIT_MINOR * item.shipped),
        });
      }
      return {
        SellerSKU: item.sku,
        OrderItemId: item.orderItemId,
        QuantityShipped: item.shipped,
        ItemChargeList: [{ ChargeType: 'Principal', ChargeAmount: amount(principal) }],
        ItemFeeList: fees,
      };
    }),
  };
  return { ShipmentEventList: [event], RefundEventList: [] };
}
