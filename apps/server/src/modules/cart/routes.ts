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

/** `/api/shoppingcart/*`: the cart, addresses, settlement and order submission; countries. */
export function registerCartRoutes(app: App): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  route(
    r,
    {
      method: 'GET',
      url: '/api/shoppingcart/cartList',
      tags,
      summary: 'The cart priced now',
      response: CartView,
      ...can(LIST),
    },
    (ctx) => cartView(ctx),
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

  route(
    r,
    {
      method: 'POST',
      url: '/api/shoppingcart/cartAdd',
      tags,
      summary: 'Add an own SKU; adds to its line if there is one',
      body: CartAddInput,
      response: CartView,
      ...can(UPDATE),
    },
    (ctx, input) => cartAdd(ctx, input),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/shoppingcart/cartInc',
      tags,
      summary: 'One more piece on a line (up to the maximum)',
      body: CartLineInput,
      response: CartView,
      ...can(UPDATE),
    },
    (ctx, input) => cartInc(ctx, input.id),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/shoppingcart/cartDec',
      tags,
      summary: 'One fewer piece on a line; a line at 1 stays at 1',
      body: CartLineInput,
      response: CartView,
      ...can(UPDATE),
    },
    (ctx, input) => cartDec(ctx, input.id),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/shoppingcart/editCartNum',
      tags,
      summary: "Set a line's quantity",
      body: EditCartNumInput,
      response: CartView,
      ...can(UPDATE),
    },
    (ctx, input) => editCartNum(ctx, input.id, input.quantity),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/shoppingcart/editCartPurchase',
      tags,
      summary: 'Switch a line to another SKU of its product, merging with its line',
      body: EditCartPurchaseInput,
      response: CartView,
      ...can(UPDATE),
    },
    (ctx, input) => editCartPurchase(ctx, input),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/shoppingcart/cartXz',
      tags,
      summary: 'Select or unselect a line',
      body: CartSelectInput,
      response: CartView,
      ...can(UPDATE),
    },
    (ctx, input) => selectLine(ctx, input.id, input.selected),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/shoppingcart/cartAll',
      tags,
      summary: 'Select or unselect every line',
      body: CartSelectAllInput,
      response: CartView,
      ...can(UPDATE),
    },
    (ctx, input) => selectAll(ctx, input.selected),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/shoppingcart/cartDel',
      tags,
      summary: 'Delete lines',
      body: CartDeleteInput,
      response: CartView,
      ...can(DELETE),
    },
    (ctx, input) => deleteLines(ctx, input.ids),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/shoppingcart/delCart',
      tags,
      summary: 'Empty the cart',
      body: z.object({}),
      response: CartView,
      ...can(DELETE),
    },
    (ctx) => emptyCart(ctx),
  );

  // Addresses
  const addressList = z.array(Address);
  route(
    r,
    {
      method: 'GET',
      url: '/api/shoppingcart/addressList',
      tags,
      summary: 'Saved addresses, the default first',
      response: addressList,
      ...can(ADDRESSES),
    },
    (ctx) => listAddresses(ctx),
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
  route(
    r,
    {
      method: 'POST',
      url: '/api/shoppingcart/addressDel',
      tags,
      summary: 'Delete an address; the newest remaining becomes the default',
      body: IdInput,
      response: addressList,
      ...can(ADDRESSES),
    },
    (ctx, input) => deleteAddress(ctx, input.id),
  );
  route(
    r,
    {
      method: 'POST',
      url: '/api/shoppingcart/addressDefault',
      tags,
      summary: 'Make an address the default',
      body: IdInput,
      response: addressList,
      ...can(ADDRESSES),
    },
    (ctx, input) => setDefaultAddress(ctx, input.id),
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
    (_ctx, input, request) => idempotent(request, (ctx) => submitOrder(ctx, input)),
  );

  // Destinations
  route(
    r,
    {
      method: 'GET',
      url: '/api/common/countries',
      tags: ['common'],
      summary: 'Countries the platform ships to, with phone prefixes and shipping rates',
      response: z.array(Country),
      access: { auth: 'user' },
    },
    () => [...COUNTRIES],
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
