import type { ApiBody, ApiData, Pagination } from '@owo/contracts';
import { call } from './client';

// The ecommerce service's buying calls (/api/ecommerce): cart, saved addresses, delivery quotes,
// orders held in escrow and their steps, reviews, and the business wallet. Money is integer kobo,
// always priced by the server: the screens never add prices up themselves.

const E = '/api/ecommerce' as const;
export type Cart = ApiData<'GET /api/ecommerce/api/cart'>;
export type CartItem = Cart['items'][number];
export type CartTotalInput = ApiBody<'POST /api/ecommerce/api/cart/compute_cart_total'>;
export type CartTotals = ApiData<'POST /api/ecommerce/api/cart/compute_cart_total'>;
export type ShopTotal = CartTotals['shops'][number];
export type Address = ApiData<'GET /api/ecommerce/api/user-saved-address/'>['addresses'][number];
export type AddressInput = ApiBody<'POST /api/ecommerce/api/user-saved-address'>;
export type DeliveryQuote = ApiData<'POST /api/ecommerce/api/order/calculate_delivery'>[number];
export type DeliveryOption = DeliveryQuote['options'][number]['id'];
export type DeliveryChoice = { shopId: string; option: DeliveryOption };
export type PlaceOrderInput = ApiBody<'POST /api/ecommerce/api/order/initiate'>;
export type Order = ApiData<'GET /api/ecommerce/api/order/:id'>;
export type OrderStatus = Order['status'];
export type OrderFilter = 'all' | OrderStatus;
export type OrderItem = Order['items'][number];
export type ReviewInput = ApiBody<'POST /api/ecommerce/api/product/review'>;
export type MyShop = NonNullable<ApiData<'GET /api/ecommerce/api/shop/me'>>;
export type Place = ApiData<'GET /api/ecommerce/api/shop/states'>[number];
export type BusinessWithdrawal = ApiData<'POST /api/ecommerce/api/shop/business-wallet/withdraw'>;

/** One page of orders and the next page's number, if any. */
export interface OrderPage {
  items: Order[];
  next: number | null;
  total: number;
}
const asPage = (res: { data: Order[]; pagination?: Pagination }): OrderPage => ({
  items: res.data,
  next: res.pagination?.next?.page ?? null,
  total: res.pagination?.total ?? res.data.length,
});

const auth = { requireToken: true } as const;
export const ORDERS_PAGE = 20;

/** The order steps that take no body, by who takes them. */
export type SellerStep = 'accept' | 'decline' | 'deliver' | 'refund';
export type ShopperStep = 'confirm' | 'cancel';

/** The buying calls the cart, checkout, orders and Home screens make. */
export const shopOrdersApi = {
  cart: (signal?: AbortSignal) => call(`GET ${E}/api/cart`, { ...auth, signal }),
  addToCart: (body: ApiBody<'POST /api/ecommerce/api/cart'>) => call(`POST ${E}/api/cart`, { ...auth, body }),
  /** `one` takes one off (the last one removes the item), `all` removes the item. Answers with the cart. */
  removeFromCart: (id: string, type: 'one' | 'all') => call(`DELETE ${E}/api/cart/:id`, { ...auth, params: { id }, query: { type } }),
  cartTotal: (body: CartTotalInput, signal?: AbortSignal) => call(`POST ${E}/api/cart/compute_cart_total`, { ...auth, body, signal }),

  addresses: (signal?: AbortSignal) => call(`GET ${E}/api/user-saved-address/`, { ...auth, signal }),
  addAddress: (body: AddressInput) => call(`POST ${E}/api/user-saved-address`, { ...auth, body }),
  editAddress: (id: string, body: ApiBody<'PATCH /api/ecommerce/api/user-saved-address/:id'>) =>
    call(`PATCH ${E}/api/user-saved-address/:id`, { ...auth, params: { id }, body }),
  deleteAddress: (id: string) => call(`DELETE ${E}/api/user-saved-address/:id`, { ...auth, params: { id } }),
  makeDefaultAddress: (id: string) => call(`PUT ${E}/api/user-saved-address/:id/default`, { ...auth, params: { id } }),
  states: () => call(`GET ${E}/api/shop/states`, auth),
  lgas: (stateId: string) => call(`GET ${E}/api/shop/states/:stateId`, { ...auth, params: { stateId } }),

  delivery: (body: ApiBody<'POST /api/ecommerce/api/order/calculate_delivery'>, signal?: AbortSignal) =>
    call(`POST ${E}/api/order/calculate_delivery`, { ...auth, body, signal }),
  /** Pays for the selected items (one order per shop) with the PIN; the same key replays the first answer. */
  placeOrder: (body: PlaceOrderInput, pin: string, idempotencyKey: string) =>
    call(`POST ${E}/api/order/initiate`, { ...auth, body, pin, idempotencyKey }),

  customerOrders: async (type: OrderFilter, page: number, signal?: AbortSignal) =>
    asPage(await call(`GET ${E}/api/order/customer`, { ...auth, query: { type, page, limit: ORDERS_PAGE }, signal })),
  shopOrders: async (shopId: string, type: OrderFilter, page: number, signal?: AbortSignal) =>
    asPage(
      await call(`GET ${E}/api/order/shop/:shopId`, { ...auth, params: { shopId }, query: { type, page, limit: ORDERS_PAGE }, signal }),
    ),
  order: (id: string, signal?: AbortSignal) => call(`GET ${E}/api/order/:id`, { ...auth, params: { id }, signal }),
  /**
   * One step of an order. Each takes an Idempotency-Key: one per tap of the person, reused when
   * the same step is sent again, so a step whose answer was lost replays it instead of a 409.
   */
  step: (id: string, step: SellerStep | ShopperStep, idempotencyKey: string) => {
    const o = { ...auth, params: { id }, idempotencyKey };
    switch (step) {
      case 'accept':
        return call(`PUT ${E}/api/order/:id/accept`, o);
      case 'decline':
        return call(`PUT ${E}/api/order/:id/decline`, o);
      case 'deliver':
        return call(`PUT ${E}/api/order/:id/deliver`, o);
      case 'confirm':
        return call(`PUT ${E}/api/order/:id/confirm`, o);
      case 'cancel':
        return call(`PUT ${E}/api/order/:id/cancel`, o);
      case 'refund':
        return call(`PUT ${E}/api/order/:id/refund`, o);
    }
  },
  ship: (id: string, note: string, idempotencyKey: string) =>
    call(`PUT ${E}/api/order/:id/ship`, { ...auth, params: { id }, body: { note }, idempotencyKey }),
  dispute: (id: string, reason: string, idempotencyKey: string) =>
    call(`PUT ${E}/api/order/:id/dispute`, { ...auth, params: { id }, body: { reason }, idempotencyKey }),
  review: (body: ReviewInput, idempotencyKey: string) => call(`POST ${E}/api/product/review`, { ...auth, body, idempotencyKey }),

  /** The signed-in person's shop; `null` when they have none. */
  myShop: async (): Promise<MyShop | null> => (await call(`GET ${E}/api/shop/me`, auth)).data,
  /** Moves money from the business wallet to the main wallet (PIN; the same key replays the first answer). */
  businessWithdraw: (amount: number, pin: string, idempotencyKey: string) =>
    call(`POST ${E}/api/shop/business-wallet/withdraw`, { ...auth, body: { amount }, pin, idempotencyKey }),
};
