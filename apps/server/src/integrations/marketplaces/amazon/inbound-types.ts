/** Shapes of Fulfillment Inbound 2024-03-20 (reference 1.11) the connector reads and sends. */

export interface InboundAddress {
  name: string;
  addressLine1: string;
  addressLine2?: string;
  city: string;
  stateOrProvinceCode?: string;
  postalCode: string;
  countryCode: string;
  phoneNumber: string;
  companyName?: string;
  email?: string;
}

export type Owner = 'AMAZON' | 'SELLER' | 'NONE';

export interface InboundItemInput {
  msku: string;
  quantity: number;
  prepOwner: Owner;
  labelOwner: Owner;
}

export interface InboundPlanInput {
  /** Defaults to the store's site. */
  destinationMarketplaces?: string[];
  items: InboundItemInput[];
  sourceAddress: InboundAddress;
  name?: string;
}

export interface OperationProblem {
  code: string;
  message: string;
  severity: string;
  details?: string;
}

export interface InboundOperation {
  operationId: string;
  operation: string;
  operationStatus: 'SUCCESS' | 'FAILED' | 'IN_PROGRESS';
  operationProblems: OperationProblem[];
}

export interface InboundPlan {
  inboundPlanId: string;
  name?: string;
  status: string;
  shipments?: Array<{ shipmentId: string; status: string }>;
  packingOptions?: Array<{ packingOptionId: string; status: string }>;
  placementOptions?: Array<{ placementOptionId: string; status: string }>;
}

export interface Money {
  amount: number;
  code: string;
}

export interface Incentive {
  type: string;
  description: string;
  target: string;
  value: Money;
}

export interface PackingOption {
  packingOptionId: string;
  packingGroups: string[];
  status: string;
  expiration?: string;
  fees: Incentive[];
  discounts: Incentive[];
  supportedShippingConfigurations?: Array<{ shippingMode?: string; shippingSolution?: string }>;
}

export interface BoxInput {
  dimensions: { length: number; width: number; height: number; unitOfMeasurement: 'CM' | 'IN' };
  weight: { value: number; unit: 'KG' | 'LB' };
  /** Identical boxes of this content. */
  quantity: number;
  items: InboundItemInput[];
}

export interface PlacementOption {
  placementOptionId: string;
  shipmentIds: string[];
  status: string;
  expiration?: string;
  fees: Incentive[];
  discounts: Incentive[];
}

export interface TransportationOption {
  transportationOptionId: string;
  shipmentId: string;
  shippingSolution: string;
  shippingMode: string;
  carrier: { name?: string; alphaCode?: string };
  preconditions: string[];
  quote?: { cost: Money; expiration?: string };
}

export interface DeliveryWindowOption {
  deliveryWindowOptionId: string;
  availabilityType: string;
  startDate: string;
  endDate: string;
  validUntil: string;
}

export interface InboundItem {
  asin: string;
  fnsku: string;
  msku: string;
  quantity: number;
  labelOwner: string;
}

export interface InboundBox {
  packageId: string;
  boxId?: string;
  dimensions?: BoxInput['dimensions'];
  weight?: BoxInput['weight'];
  quantity?: number;
  items?: InboundItem[];
}

export interface InboundShipment {
  shipmentId: string;
  shipmentConfirmationId?: string;
  placementOptionId?: string;
  name?: string;
  status?: string;
  selectedTransportationOptionId?: string;
  selectedDeliveryWindow?: { startDate: string; endDate: string };
  destination?: {
    destinationType?: string;
    warehouseId?: string;
    address?: Record<string, string>;
  };
  trackingDetails?: {
    spdTrackingDetail?: { spdTrackingItems?: Array<{ boxId?: string; trackingId?: string }> };
  };
}

export interface DocumentDownload {
  downloadType: string;
  uri: string;
  expiration?: string;
}

/** A box of a shipment content update: an existing box by `packageId`, or a new one without. */
export interface BoxUpdateInput extends BoxInput {
  packageId?: string;
}

/** The model's `ContentUpdatePreview`: the requested change and what its carrier then costs. */
export interface ContentUpdatePreview {
  contentUpdatePreviewId: string;
  expiration: string;
  requestedUpdates: { boxes?: BoxUpdateInput[]; items?: InboundItemInput[] };
  transportationOption: TransportationOption;
}
