import { invalidInput, SpApiError } from './errors.ts';
import { productTypeByName, type SimProductType } from './product-types.ts';
import {
  decodeToken,
  encodeToken,
  marketplaceIdsOf,
  objectBody,
  pageSizeOf,
  requireSeller,
  type RouteDeps,
  type SpRequest,
  type SpRoute,
} from './routes.ts';
import { asinOf, isoSeconds, type Attributes, type StoredListing } from './state.ts';

interface Issue {
  code: string;
  message: string;
  severity: 'ERROR' | 'WARNING' | 'INFO';
  attributeNames: string[];
  categories: string[];
}

const BASE = /^\/listings\/2021-08-01\/items\/([^/]+)/;
const ITEM = new RegExp(`${BASE.source}/([^/]+)$`);

// Reference 1.1: the static sandbox answers these SKUs in VALIDATION_PREVIEW mode.
const SANDBOX_INVALID_ISSUE: Issue = {
  code: '90220',
  message: "'condition_type' is required but not supplied.",
  severity: 'ERROR',
  attributeNames: ['condition_type'],
  categories: ['MISSING_ATTRIBUTE'],
};

const firstValue = (attributes: Attributes, name: string) => attributes[name]?.[0]?.value;

const isParent = (attributes: Attributes) => firstValue(attributes, 'parentage_level') === 'parent';

/** Checks attributes against the product type the way its schema says (reference 1.8 issues). */
export function validateAttributes(type: SimProductType, attributes: Attributes): Issue[] {
  const issues: Issue[] = [];
  const required = isParent(attributes)
    ? type.required
    : [...type.required, ...type.requiredUnlessParent];
  for (const name of required) {
    const values = attributes[name];
    if (!Array.isArray(values) || values.length === 0) {
      // 90220 and its wording are Amazon's (reference 1.8 Issue example).
      issues.push({
        code: '90220',
        message: `'${name}' is required but not supplied.`,
        severity: 'ERROR',
        attributeNames: [name],
        categories: ['MISSING_ATTRIBUTE'],
      });
    }
  }
  for (const [name, values] of Object.entries(attributes)) {
    const definition = type.attributes[name];
    if (!definition) {
      issues.push({
        code: '90003',
        message: `'${name}' is not a valid attribute for product type ${type.name}.`,
        severity: 'ERROR',
        attributeNames: [name],
        categories: ['INVALID_ATTRIBUTE'],
      });
      continue;
    }
    if (!Array.isArray(values)) {
      issues.push(invalidValue(name, 'must be an array'));
      continue;
    }
    const spec = definition.value;
    for (const entry of values) {
      if (!spec) continue;
      const value = (entry as { value?: unknown }).value;
      const wrongType =
        spec.type === 'string'
          ? typeof value !== 'string' || value.trim() === ''
          : spec.type === 'boolean'
            ? typeof value !== 'boolean'
            : typeof value !== 'number' || !Number.isFinite(value);
      if (wrongType) issues.push(invalidValue(name, `must be a ${spec.type}`));
      else if (spec.enum && !spec.enum.includes(value as string)) {
        issues.push(invalidValue(name, `must be one of ${spec.enum.join(', ')}`));
      }
    }
  }
  const theme = (attributes.variation_theme?.[0] as { name?: unknown } | undefined)?.name;
  if (theme !== undefined && !type.variationThemes.includes(String(theme))) {
    issues.push(
      invalidValue('variation_theme', `must be one of ${type.variationThemes.join(', ')}`),
    );
  }
  return issues;
}

// The simulator's own code for a value the schema refuses; the reference documents only 90220.
const invalidValue = (name: string, why: string): Issue => ({
  code: '90244',
  message: `The value provided for '${name}' is invalid: it ${why}.`,
  severity: 'ERROR',
  attributeNames: [name],
  categories: ['INVALID_ATTRIBUTE'],
});

function submission(
  sku: string,
  status: string,
  issues: Issue[],
  asin: string | null,
  marketplaceId: string,
  req: SpRequest,
  submissionId: string,
) {
  const included = (req.query.get('includedData') ?? 'issues').split(',');
  return {
    sku,
    status,
    submissionId,
    ...(included.includes('issues') ? { issues } : {}),
    ...(included.includes('identifiers') && asin ? { identifiers: [{ marketplaceId, asin }] } : {}),
  };
}

/** A listing's `status` in its summary: buyable when it is a child (or single) with stock. */
export function listingStatusOf(listing: StoredListing): string[] {
  const quantity = Number(
    (listing.attributes.fulfillment_availability?.[0] as { quantity?: unknown } | undefined)
      ?.quantity ?? 0,
  );
  return isParent(listing.attributes) || quantity <= 0
    ? ['DISCOVERABLE']
    : ['BUYABLE', 'DISCOVERABLE'];
}

function summaryOf(listing: StoredListing) {
  const image = (listing.attributes.main_product_image_locator?.[0] as { media_location?: string })
    ?.media_location;
  return {
    marketplaceId: listing.marketplaceId,
    asin: listing.asin,
    productType: listing.productType,
    conditionType: firstValue(listing.attributes, 'condition_type') ?? 'new_new',
    status: listingStatusOf(listing),
    itemName: firstValue(listing.attributes, 'item_name'),
    createdDate: listing.createdDate,
    lastUpdatedDate: listing.lastUpdatedDate,
    ...(image ? { mainImage: { link: image, height: 1000, width: 1000 } } : {}),
  };
}

function itemOf(listing: StoredListing, included: string[], all: Record<string, StoredListing>) {
  const item: Record<string, unknown> = { sku: listing.sku };
  if (included.includes('summaries')) item.summaries = [summaryOf(listing)];
  if (included.includes('attributes')) item.attributes = listing.attributes;
  if (included.includes('issues')) item.issues = [];
  if (included.includes('offers')) {
    const offer = listing.attributes.purchasable_offer?.[0] as
      | { currency?: string; our_price?: Array<{ schedule?: Array<{ value_with_tax?: number }> }> }
      | undefined;
    const amount = offer?.our_price?.[0]?.schedule?.[0]?.value_with_tax;
    item.offers =
      offer && amount !== undefined
        ? [
            {
              marketplaceId: listing.marketplaceId,
              offerType: 'B2C',
              price: { currencyCode: offer.currency, amount: String(amount) },
            },
          ]
        : [];
  }
  if (included.includes('fulfillmentAvailability')) {
    item.fulfillmentAvailability = (listing.attributes.fulfillment_availability ?? []).map((f) => ({
      fulfillmentChannelCode: f.fulfillment_channel_code,
      quantity: f.quantity,
    }));
  }
  if (included.includes('relationships')) {
    const parentSku = (
      listing.attributes.child_parent_sku_relationship?.[0] as { parent_sku?: string } | undefined
    )?.parent_sku;
    const theme = (listing.attributes.variation_theme?.[0] as { name?: string } | undefined)?.name;
    const childSkus = Object.values(all)
      .filter(
        (l) =>
          (l.attributes.child_parent_sku_relationship?.[0] as { parent_sku?: string } | undefined)
            ?.parent_sku === listing.sku,
      )
      .map((l) => l.sku);
    const relationships = [];
    if (childSkus.length)
      relationships.push({ type: 'VARIATION', childSkus, variationTheme: { theme } });
    if (parentSku)
      relationships.push({ type: 'VARIATION', parentSkus: [parentSku], variationTheme: { theme } });
    item.relationships = [{ marketplaceId: listing.marketplaceId, relationships }];
  }
  return item;
}

const INCLUDED_DATA = [
  'summaries',
  'attributes',
  'issues',
  'offers',
  'fulfillmentAvailability',
  'procurement',
  'relationships',
  'productTypes',
];

function includedDataOf(query: URLSearchParams): string[] {
  const included = (query.get('includedData') ?? 'summaries').split(',').filter(Boolean);
  const bad = included.find((d) => !INCLUDED_DATA.includes(d));
  if (bad) throw invalidInput(`Invalid includedData value: ${bad}`);
  return included;
}

function modeOf(query: URLSearchParams): 'VALIDATION_PREVIEW' | null {
  const mode = query.get('mode');
  if (mode === null) return null;
  if (mode !== 'VALIDATION_PREVIEW') throw invalidInput(`Invalid mode: ${mode}`);
  return mode;
}

function applyPatch(attributes: Attributes, patch: Record<string, unknown>): Attributes {
  const op = patch.op;
  const path = typeof patch.path === 'string' ? patch.path : '';
  const match = /^\/attributes\/([a-z0-9_]+)$/.exec(path);
  if (!match) throw invalidInput(`Invalid patch path: ${path}`);
  const name = match[1]!;
  const value = patch.value as Array<Record<string, unknown>> | undefined;
  const next = { ...attributes };
  if (op === 'delete') delete next[name];
  else if (op === 'add' || op === 'replace') {
    if (!Array.isArray(value)) throw invalidInput(`Patch '${op}' of ${path} needs a value array.`);
    next[name] = value;
  } else if (op === 'merge') {
    if (!Array.isArray(value)) throw invalidInput(`Patch 'merge' of ${path} needs a value array.`);
    next[name] = value.map((v, i) => ({ ...(attributes[name]?.[i] ?? {}), ...v }));
  } else throw invalidInput(`Invalid patch op: ${String(op)}`);
  return next;
}

export function listingRoutes({ store }: RouteDeps): SpRoute[] {
  const listingsOf = (account: string) => (store.state.listings[account] ??= {});
  const skuParam = (req: SpRequest) => {
    requireSeller(req, req.params[0]!);
    return req.params[1]!;
  };
  const notFound = (sku: string, marketplaceId: string) =>
    new SpApiError(404, 'NOT_FOUND', `SKU '${sku}' not found in marketplace ${marketplaceId}`);

  /** PUT and PATCH share validation, VALIDATION_PREVIEW and storage. */
  function submit(
    req: SpRequest,
    sku: string,
    productType: string,
    attributes: Attributes,
    existing: StoredListing | undefined,
  ) {
    const [marketplaceId] = marketplaceIdsOf(req.query, 'marketplaceIds', 1) as [string];
    const preview = modeOf(req.query) === 'VALIDATION_PREVIEW';
    const submissionId = store.nextId('submission').slice(0, 32);
    if (preview && sku === 'VALIDATION_VALID') {
      return submission(sku, 'VALID', [], null, marketplaceId, req, submissionId);
    }
    if (preview && sku === 'VALIDATION_INVALID') {
      return submission(
        sku,
        'INVALID',
        [SANDBOX_INVALID_ISSUE],
        null,
        marketplaceId,
        req,
        submissionId,
      );
    }
    const type = productTypeByName(productType);
    if (!type) throw invalidInput(`Invalid productType: ${productType}`);
    const issues = validateAttributes(type, attributes);
    const asin = existing?.asin ?? asinOf(req.account, sku);
    if (issues.length)
      return submission(sku, 'INVALID', issues, null, marketplaceId, req, submissionId);
    if (preview) return submission(sku, 'VALID', [], null, marketplaceId, req, submissionId);
    const at = isoSeconds(req.now);
    listingsOf(req.account)[sku] = {
      sku,
      productType,
      marketplaceId,
      attributes,
      asin,
      createdDate: existing?.createdDate ?? at,
      lastUpdatedDate: at,
    };
    store.save();
    return submission(sku, 'ACCEPTED', [], asin, marketplaceId, req, submissionId);
  }

  return [
    {
      operation: 'putListingsItem',
      method: 'PUT',
      pattern: ITEM,
      rate: 5,
      handle(req) {
        const sku = skuParam(req);
        const body = objectBody(req.body);
        if (typeof body.productType !== 'string' || !body.productType) {
          throw invalidInput("Missing required field 'productType'.");
        }
        if (!body.attributes || typeof body.attributes !== 'object') {
          throw invalidInput("Missing required field 'attributes'.");
        }
        const requirements = body.requirements ?? 'LISTING';
        if (
          !['LISTING', 'LISTING_PRODUCT_ONLY', 'LISTING_OFFER_ONLY'].includes(
            requirements as string,
          )
        ) {
          throw invalidInput(`Invalid requirements: ${String(requirements)}`);
        }
        const existing = listingsOf(req.account)[sku];
        return {
          status: 200,
          body: submit(req, sku, body.productType, body.attributes as Attributes, existing),
        };
      },
    },
    {
      operation: 'patchListingsItem',
      method: 'PATCH',
      pattern: ITEM,
      rate: 5,
      handle(req) {
        const sku = skuParam(req);
        const body = objectBody(req.body);
        const [marketplaceId] = marketplaceIdsOf(req.query, 'marketplaceIds', 1) as [string];
        if (typeof body.productType !== 'string')
          throw invalidInput("Missing required field 'productType'.");
        if (!Array.isArray(body.patches) || body.patches.length === 0) {
          throw invalidInput("'patches' must contain at least one patch.");
        }
        const existing = listingsOf(req.account)[sku];
        if (!existing) throw notFound(sku, marketplaceId);
        const attributes = (body.patches as Array<Record<string, unknown>>).reduce(
          applyPatch,
          existing.attributes,
        );
        return { status: 200, body: submit(req, sku, body.productType, attributes, existing) };
      },
    },
    {
      operation: 'deleteListingsItem',
      method: 'DELETE',
      pattern: ITEM,
      rate: 5,
      handle(req) {
        const sku = skuParam(req);
        const [marketplaceId] = marketplaceIdsOf(req.query, 'marketplaceIds', 1) as [string];
        const listings = listingsOf(req.account);
        if (!listings[sku]) throw notFound(sku, marketplaceId);
        delete listings[sku];
        store.save();
        return {
          status: 200,
          body: {
            sku,
            status: 'ACCEPTED',
            submissionId: store.nextId('submission').slice(0, 32),
            issues: [],
          },
        };
      },
    },
    {
      operation: 'getListingsItem',
      method: 'GET',
      pattern: ITEM,
      rate: 5,
      handle(req) {
        const sku = skuParam(req);
        const [marketplaceId] = marketplaceIdsOf(req.query) as [string];
        const listings = listingsOf(req.account);
        const listing = listings[sku];
        if (!listing || listing.marketplaceId !== marketplaceId) throw notFound(sku, marketplaceId);
        return { status: 200, body: itemOf(listing, includedDataOf(req.query), listings) };
      },
    },
    {
      operation: 'searchListingsItems',
      method: 'GET',
      pattern: new RegExp(`${BASE.source}$`),
      rate: 5,
      handle(req) {
        requireSeller(req, req.params[0]!);
        const [marketplaceId] = marketplaceIdsOf(req.query) as [string];
        const pageSize = pageSizeOf(req.query, 'pageSize', 10, 20);
        const token = req.query.get('pageToken');
        const offset = token ? decodeToken<{ offset: number }>(token, 'pageToken').offset : 0;
        const listings = listingsOf(req.account);
        const all = Object.values(listings)
          .filter((l) => l.marketplaceId === marketplaceId)
          .sort((a, b) => a.sku.localeCompare(b.sku));
        const page = all.slice(offset, offset + pageSize);
        const included = includedDataOf(req.query);
        return {
          status: 200,
          body: {
            numberOfResults: all.length,
            pagination: {
              ...(offset + pageSize < all.length
                ? { nextToken: encodeToken({ offset: offset + pageSize }) }
                : {}),
              ...(offset > 0
                ? { previousToken: encodeToken({ offset: Math.max(0, offset - pageSize) }) }
                : {}),
            },
            items: page.map((l) => itemOf(l, included, listings)),
          },
        };
      },
    },
  ];
}
