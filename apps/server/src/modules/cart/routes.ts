import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Address,
  AddressEditInput,
  AddressInput,
  CartAddInput,
  CartAttrOption,
  CartDeleteInput,
  CartLineInput,
  CartSelectAllInput,
  CartSelectInput,
  CartView,
  Country,
  EditCartNumInput,
  EditCartPurchaseInput,
  envelopeOf,
  IdInput,
  IdQuery,
  OrderSubmitInput,
  OrderSubmitResult,
  permOf,
  Region,
  RegionQuery,
  Settlement,
  SettlementInput,
  type PermRequirement,
} from '@app/shared';
import type { App } from '../../app.ts';
import type { Access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { idempotencyHeader, idempotent } from '../finance/idempotency.ts';
import {
  addAddress,
  deleteAddress,
  editAddress,
  listAddresses,
  setDefaultAddress,
} from './addresses.ts';
import { settlement, submitOrder } from './checkout.ts';
import { COUNTRIES, regionsOf } from './countries.ts';
import {
  cartAdd,
  cartAttr,
  cartDec,
  cartInc,
  cartView,
  deleteLines,
  editCartNum,
  editCartPurchase,
  emptyCart,
  selectAll,
  selectLine,
} from './service.ts';

const LIST = permOf('/goods/shoppingcart', 'list');
const UPDATE = permOf('/goods/shoppingcart', 'update');
const DELETE = permOf('/goods/shoppingcart', 'delete');
const SETTLE = permOf('/goods/shoppingcart', 'settle');
const SUBMIT = permOf('/goods/checkout', 'submit');
/** Addresses are chosen and edited while settling or on the checkout page. */
const ADDRESSES = { or: [SETTLE, SUBMIT] } satisfies PermRequirement;

const can = (perm: PermRequirement): { access: Access } => ({ access: { auth: 'user', perm } });
const tags = ['shoppingcart'];
const cart = envelopeOf(CartView);

/** `/api/shoppingcart/*`: the cart, addresses, settlement and order submission; countries. */
export function registerCartRoutes(app: App): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/shoppingcart/cartList',
    {
      schema: { tags, summary: 'The cart priced now', response: { 200: cart } },
      config: can(LIST),
    },
    async (request) => ok(await cartView(request.ctx)),
  );
  r.get(
    '/api/shoppingcart/cartAttr',
    {
      schema: {
        tags,
        summary: "The SKUs a line can switch to (its product's)",
        querystring: IdQuery,
        response: { 200: envelopeOf(z.array(CartAttrOption)) },
      },
      config: can(LIST),
    },
    async (request) => ok(await cartAttr(request.ctx, request.query.id)),
  );

  const mutation = <B extends z.ZodType>(summary: string, body: B, perm: PermRequirement) => ({
    schema: { tags, summary, body, response: { 200: cart } },
    config: can(perm),
  });
  r.post(
    '/api/shoppingcart/cartAdd',
    mutation('Add an own SKU; adds to its line if there is one', CartAddInput, UPDATE),
    async (request) => ok(await cartAdd(request.ctx, request.body)),
  );
  r.post(
    '/api/shoppingcart/cartInc',
    mutation('One more piece on a line (up to the maximum)', CartLineInput, UPDATE),
    async (request) => ok(await cartInc(request.ctx, request.body.id)),
  );
  r.post(
    '/api/shoppingcart/cartDec',
    mutation('One fewer piece on a line; a line at 1 stays at 1', CartLineInput, UPDATE),
    async (request) => ok(await cartDec(request.ctx, request.body.id)),
  );
  r.post(
    '/api/shoppingcart/editCartNum',
    mutation("Set a line's quantity", EditCartNumInput, UPDATE),
    async (request) => ok(await editCartNum(request.ctx, request.body.id, request.body.quantity)),
  );
  r.post(
    '/api/shoppingcart/editCartPurchase',
    mutation(
      'Switch a line to another SKU of its product, merging with its line',
      EditCartPurchaseInput,
      UPDATE,
    ),
    async (request) => ok(await editCartPurchase(request.ctx, request.body)),
  );
  r.post(
    '/api/shoppingcart/cartXz',
    mutation('Select or unselect a line', CartSelectInput, UPDATE),
    async (request) => ok(await selectLine(request.ctx, request.body.id, request.body.selected)),
  );
  r.post(
    '/api/shoppingcart/cartAll',
    mutation('Select or unselect every line', CartSelectAllInput, UPDATE),
    async (request) => ok(await selectAll(request.ctx, request.body.selected)),
  );
  r.post(
    '/api/shoppingcart/cartDel',
    mutation('Delete lines', CartDeleteInput, DELETE),
    async (request) => ok(await deleteLines(request.ctx, request.body.ids)),
  );
  r.post(
    '/api/shoppingcart/delCart',
    mutation('Empty the cart', z.object({}), DELETE),
    async (request) => ok(await emptyCart(request.ctx)),
  );

  // Addresses
  const addressList = envelopeOf(z.array(Address));
  r.get(
    '/api/shoppingcart/addressList',
    {
      schema: {
        tags,
        summary: 'Saved addresses, the default first',
        response: { 200: addressList },
      },
      config: can(ADDRESSES),
    },
    async (request) => ok(await listAddresses(request.ctx)),
  );
  r.post(
    '/api/shoppingcart/addressAdd',
    {
      schema: {
        tags,
        summary: 'Save an address (the first one is the default)',
        body: AddressInput,
        response: { 200: envelopeOf(Address) },
      },
      config: can(ADDRESSES),
    },
    async (request) => ok(await addAddress(request.ctx, request.body)),
  );
  r.post(
    '/api/shoppingcart/addressEdit',
    {
      schema: {
        tags,
        summary: 'Change an address',
        body: AddressEditInput,
        response: { 200: envelopeOf(Address) },
      },
      config: can(ADDRESSES),
    },
    async (request) => ok(await editAddress(request.ctx, request.body)),
  );
  r.post(
    '/api/shoppingcart/addressDel',
    {
      schema: {
        tags,
        summary: 'Delete an address; the newest remaining becomes the default',
        body: IdInput,
        response: { 200: addressList },
      },
      config: can(ADDRESSES),
    },
    async (request) => ok(await deleteAddress(request.ctx, request.body.id)),
  );
  r.post(
    '/api/shoppingcart/addressDefault',
    {
      schema: {
        tags,
        summary: 'Make an address the default',
        body: IdInput,
        response: { 200: addressList },
      },
      config: can(ADDRESSES),
    },
    async (request) => ok(await setDefaultAddress(request.ctx, request.body.id)),
  );

  // Settlement and order submission
  r.post(
    '/api/shoppingcart/settlement',
    {
      schema: {
        tags,
        summary: 'Price the selected lines for an address: goods, shipping, discount, total',
        body: SettlementInput,
        response: { 200: envelopeOf(Settlement) },
      },
      config: can({ or: [SETTLE, SUBMIT] }),
    },
    async (request) => ok(await settlement(request.ctx, request.body)),
  );
  r.post(
    '/api/shoppingcart/orderSubmit',
    {
      schema: {
        tags,
        summary:
          'Turn the settlement into an unpaid purchase order, moving the marketplace orders its lines were added for to purchased; 409 with data.changes when anything changed',
        headers: idempotencyHeader,
        body: OrderSubmitInput,
        response: { 200: envelopeOf(OrderSubmitResult) },
      },
      config: can(SUBMIT),
    },
    async (request) => ok(await idempotent(request, (ctx) => submitOrder(ctx, request.body))),
  );

  // Destinations
  r.get(
    '/api/common/countries',
    {
      schema: {
        tags: ['common'],
        summary: 'Countries the platform ships to, with phone prefixes and shipping rates',
        response: { 200: envelopeOf(z.array(Country)) },
      },
      config: { access: { auth: 'user' } },
    },
    async () => ok([...COUNTRIES]),
  );
  r.get(
    '/api/common/address_new',
    {
      schema: {
        tags: ['common'],
        summary: "A country's provinces or states (empty when not listed)",
        querystring: RegionQuery,
        response: { 200: envelopeOf(z.array(Region)) },
      },
      config: { access: { auth: 'user' } },
    },
    async (request) => ok([...regionsOf(request.query.country_code)]),
  );
}
