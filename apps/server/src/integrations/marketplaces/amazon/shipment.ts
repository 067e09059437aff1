import type { ShipmentPackage } from '../connector.ts';

/**
 * Our channels' carriers as Amazon's `CarrierCode` values (the list Seller Central offers for
 * merchant-fulfilled orders). A carrier Amazon does not list goes as `Other` with its name,
 * which Amazon accepts but shows the buyer without a tracking link.
 */
const CARRIER_CODES: Record<string, string> = {
  USPS: 'USPS',
  UPS: 'UPS',
  'DHL eCommerce': 'DHL eCommerce',
  'China Post': 'China Post',
  Yanwen: 'Yanwen',
  '4PX': '4PX',
  YunExpress: 'Yun Express',
  'SF Express': 'SF Express',
  Cainiao: 'Cainiao',
};

/** The `packageDetail` of confirmShipment (ordersV0.json `ConfirmShipmentRequest`). */
export function packageDetailOf(pkg: ShipmentPackage) {
  const code = CARRIER_CODES[pkg.carrier];
  return {
    packageReferenceId: pkg.reference,
    carrierCode: code ?? 'Other',
    ...(code ? {} : { carrierName: pkg.carrier }),
    trackingNumber: pkg.trackingNumber,
    shipDate: pkg.shippedAt.toISOString(),
    orderItems: pkg.items.map((i) => ({ orderItemId: i.remoteItemId, quantity: i.quantity })),
  };
}
