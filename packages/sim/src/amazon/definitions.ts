import { createHash } from 'node:crypto';
import { invalidInput, SpApiError } from './errors.ts';
import {
  PRODUCT_TYPES,
  localized,
  productTypeByName,
  productTypeSchema,
  SCHEMA_VERSION,
} from './product-types.ts';
import { marketplaceIdsOf, type SpRoute } from './routes.ts';

/** Where a product type's JSON Schema is served (the "pre-signed" `schema.link.resource`). */
export const SCHEMA_PATH = /^\/product-type-schemas\/([A-Z_]+)\.json$/;

export function schemaDocument(name: string, locale: string | null = null): string | null {
  const type = productTypeByName(name);
  return type ? JSON.stringify(productTypeSchema(type, locale)) : null;
}

export function definitionRoutes(): SpRoute[] {
  return [
    {
      operation: 'searchDefinitionsProductTypes',
      method: 'GET',
      pattern: /^\/definitions\/2020-09-01\/productTypes$/,
      rate: 5,
      handle(req) {
        const marketplaceIds = marketplaceIdsOf(req.query);
        const keywords = (req.query.get('keywords') ?? '')
          .split(',')
          .map((k) => k.trim().toLowerCase())
          .filter(Boolean);
        const itemName = req.query.get('itemName')?.toLowerCase();
        const locale = req.query.get('locale');
        const words = [...keywords, ...(itemName ? itemName.split(/\s+/) : [])];
        const matches = PRODUCT_TYPES.filter(
          (t) =>
            words.length === 0 ||
            words.some(
              (w) => t.name.toLowerCase().includes(w) || t.displayName.toLowerCase().includes(w),
            ),
        );
        return {
          status: 200,
          body: {
            productTypes: matches.map((t) => ({
              name: t.name,
              displayName: localized(t.displayName, locale),
              marketplaceIds,
            })),
            productTypeVersion: SCHEMA_VERSION,
          },
        };
      },
    },
    {
      operation: 'getDefinitionsProductType',
      method: 'GET',
      pattern: /^\/definitions\/2020-09-01\/productTypes\/([^/]+)$/,
      rate: 5,
      handle(req) {
        const marketplaceIds = marketplaceIdsOf(req.query);
        const requirements = req.query.get('requirements') ?? 'LISTING';
        if (!['LISTING', 'LISTING_PRODUCT_ONLY', 'LISTING_OFFER_ONLY'].includes(requirements)) {
          throw invalidInput(`Invalid requirements: ${requirements}`);
        }
        const requirementsEnforced = req.query.get('requirementsEnforced') ?? 'ENFORCED';
        const locale = req.query.get('locale') ?? 'DEFAULT';
        const type = productTypeByName(req.params[0]!);
        if (!type) {
          throw new SpApiError(404, 'NOT_FOUND', `Product type ${req.params[0]} not found.`);
        }
        const schema = schemaDocument(type.name, locale)!;
        return {
          status: 200,
          body: {
            metaSchema: {
              link: {
                resource:
                  'https://schemas.amazon.com/selling-partners/definitions/product-types/meta-schema/v1',
                verb: 'GET',
              },
              checksum: '',
            },
            schema: {
              link: {
                // Like Amazon's, the schema link is per locale: its titles are localized.
                resource: `${req.origin}/product-type-schemas/${type.name}.json?locale=${encodeURIComponent(locale)}`,
                verb: 'GET',
              },
              checksum: createHash('md5').update(schema).digest('base64'),
            },
            requirements,
            requirementsEnforced,
            propertyGroups: {
              offer: {
                title: 'Offer',
                description: 'Sell on Amazon',
                propertyNames: ['condition_type', 'purchasable_offer', 'fulfillment_availability'],
              },
              product_identity: {
                title: 'Product Identity',
                description: 'Items that uniquely identify the product',
                propertyNames: [
                  'item_name',
                  'brand',
                  'externally_assigned_product_identifier',
                  'supplier_declared_has_product_identifier_exemption',
                ],
              },
              product_details: {
                title: 'Product Details',
                description: 'Product facts',
                propertyNames: Object.keys(type.attributes).filter(
                  (n) =>
                    ![
                      'condition_type',
                      'purchasable_offer',
                      'fulfillment_availability',
                      'item_name',
                      'brand',
                    ].includes(n),
                ),
              },
            },
            locale,
            marketplaceIds,
            productType: type.name,
            displayName: localized(type.displayName, locale),
            productTypeVersion: { version: SCHEMA_VERSION, latest: true, releaseCandidate: false },
          },
        };
      },
    },
  ];
}
