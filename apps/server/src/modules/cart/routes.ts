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
import type { App } from '../../http/deps.ts';
import type { Access } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { idempotencyHeader, idempotent } from '../finance/index.ts';
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
  route(
    r,
    {
      method: 'GET',
      url: '/api/shoppingcart/cartAttr',
      tags,
      summary: "The SKUs a line can switch to (its product's)",
      querystring: IdQuery,
      response: z.array(CartAttrOption),
      ...can(LIST),
    },
    (ctx, input) => cartAttr(ctx, input.id),
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
  route(
    r,
    {
      method: 'POST',
      url: '/api/shoppingcart/addressAdd',
      tags,
      summary: 'Save an address (the first one is the default)',
      body: AddressInput,
      response: Address,
      ...can(ADDRESSES),
    },
    (ctx, input) => addAddress(ctx, input),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/shoppingcart/addressEdit',
      tags,
      summary: 'Change an address',
      body: AddressEditInput,
      response: Address,
      ...can(ADDRESSES),
    },
    (ctx, input) => editAddress(ctx, input),
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
  route(
    r,
    {
      method: 'POST',
      url: '/api/shoppingcart/settlement',
      tags,
      summary: 'Price the selected lines for an address: goods, shipping, discount, total',
      body: SettlementInput,
      response: Settlement,
      ...can({ or: [SETTLE, SUBMIT] }),
    },
    (ctx, input) => settlement(ctx, input),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/shoppingcart/orderSubmit',
      tags,
      summary:
        'Turn the settlement into an unpaid purchase order, moving the marketplace orders its lines were added for to purchased; 409 with data.changes when anything changed',
      headers: idempotencyHeader,
      body: OrderSubmitInput,
      response: OrderSubmitResult,
      ...can(SUBMIT),
    },
    (ctx, input, request) => idempotent(request, (ctx) => submitOrder(ctx, input)),
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
  route(
    r,
    {
      method: 'GET',
      url: '/api/common/address_new',
      tags: ['common'],
      summary: "A country's provinces or states (empty when not listed)",
      querystring: RegionQuery,
      response: z.array(Region),
      access: { auth: 'user' },
    },
    (_ctx, input) => [...regionsOf(input.country_code)],
  );
}
