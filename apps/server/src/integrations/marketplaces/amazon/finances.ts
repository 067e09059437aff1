import { MarketplaceError, sumAmounts, type Money } from '../connector.ts';

/** Finances API v0 (financesV0.json): the parts of `listFinancialEventsByOrderId` read here. */
export interface CurrencyAmount {
  CurrencyCode?: string;
  CurrencyAmount?: number;
}

export interface FeeComponent {
  FeeType?: string;
  FeeAmount?: CurrencyAmount;
}

export interface ShipmentItem {
  SellerSKU?: string;
  OrderItemId?: string;
  QuantityShipped?: number;
  ItemChargeList?: Array<{ ChargeType?: string; ChargeAmount?: CurrencyAmount }>;
  ItemFeeList?: FeeComponent[];
}

export interface ShipmentEvent {
  AmazonOrderId?: string;
  MarketplaceName?: string;
  PostedDate?: string;
  ShipmentFeeList?: FeeComponent[];
  OrderFeeList?: FeeComponent[];
  ShipmentItemList?: ShipmentItem[];
}

export interface ListFinancialEventsResponse {
  payload?: {
    NextToken?: string;
    FinancialEvents?: { ShipmentEventList?: ShipmentEvent[] };
  };
}

/**
 * An order's fees from its shipment events: every fee component of the shipment, the order and
 * each item (commission, FBA fulfilment, variable closing...), where a charge is negative and a
 * credit positive, answered as one positive total. Null while Amazon has posted no shipment
 * event (it does so up to 48 hours after shipping). Refund events are not read: the fees are
 * kept as the sale's, like the sales figure.
 */
export function orderFeesOf(events: ShipmentEvent[], currency: string): Money | null {
  if (events.length === 0) return null;
  const amounts: number[] = [];
  for (const event of events) {
    const fees = [
      ...(event.ShipmentFeeList ?? []),
      ...(event.OrderFeeList ?? []),
      ...(event.ShipmentItemList ?? []).flatMap((item) => item.ItemFeeList ?? []),
    ];
    for (const fee of fees) {
      const amount = fee.FeeAmount;
      if (amount?.CurrencyAmount === undefined) continue;
      if (amount.CurrencyCode !== currency) {
        throw new MarketplaceError(
          'amazon',
          'protocol',
          'fee_currency',
          `A ${fee.FeeType ?? 'fee'} is in ${String(amount.CurrencyCode)}, not ${currency}`,
        );
      }
      amounts.push(-amount.CurrencyAmount);
    }
  }
  return sumAmounts(amounts, currency);
}
