import { type QueryClient, keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../api/client';
import {
  type Cart,
  type CartTotalInput,
  type Order,
  type OrderFilter,
  type SellerStep,
  type ShopperStep,
  shopOrdersApi,
} from '../../../api/shop-orders';
import { useAttemptKey } from '../../../lib/use-attempt-key';
import { usePagedList } from '../../../lib/use-paged-list';
import { invalidateMoney } from '../../wallet';

/** The buying side's queries, under the Shop area's `['shop']` (the catalogue keeps its own keys beside them). */
export const buyKeys = {
  cart: ['shop', 'cart'] as const,
  totals: ['shop', 'cart-total'] as const,
  total: (body: CartTotalInput) => ['shop', 'cart-total', body] as const,
  addresses: ['shop', 'addresses'] as const,
  delivery: (cartItemIds: string[], addressId: string) => ['shop', 'delivery', cartItemIds, addressId] as const,
  orders: ['shop', 'orders'] as const,
  customerOrders: (type: OrderFilter) => ['shop', 'orders', 'customer', type] as const,
  shopOrders: (shopId: string, type: OrderFilter) => ['shop', 'orders', 'shop', shopId, type] as const,
  order: (id: string) => ['shop', 'orders', 'one', id] as const,
  /** The same key as the catalogue's "my shop" (the same call and shape), so either screen's answer serves both. */
  myShop: ['shop', 'my-shop'] as const,
  states: ['shop', 'buy', 'states'] as const,
  lgas: (stateId: string) => ['shop', 'buy', 'lgas', stateId] as const,
};

export function useCart() {
  return useQuery({ queryKey: buyKeys.cart, queryFn: async ({ signal }) => (await shopOrdersApi.cart(signal)).data });
}

/** After the cart changes: the cart and every total computed from it are stale. */
export function invalidateCart(qc: QueryClient): Promise<void> {
  return Promise.all([qc.invalidateQueries({ queryKey: buyKeys.cart }), qc.invalidateQueries({ queryKey: buyKeys.totals })]).then(
    () => undefined,
  );
}

/** Totals from the server for the selected items (and, at checkout, the address and delivery choices). */
export function useCartTotals(body: CartTotalInput, enabled = true) {
  return useQuery({
    queryKey: buyKeys.total(body),
    queryFn: async ({ signal }) => (await shopOrdersApi.cartTotal(body, signal)).data,
    enabled: enabled && body.cartItemIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Adds one of a product (or of one of its options) to the cart. */
export function useAddToCart() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { productId: string; variationId?: string }) =>
      shopOrdersApi.addToCart({ productId: v.productId, ...(v.variationId ? { variationId: v.variationId } : {}), quantity: 1 }),
    onSettled: () => invalidateCart(qc),
  });
}

/** Takes one of an item off (`one`) or removes it (`all`); the server answers with the cart. */
export function useRemoveFromCart() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; type: 'one' | 'all'; name: string }) => shopOrdersApi.removeFromCart(v.id, v.type),
    onSuccess: (res, v) => {
      qc.setQueryData<Cart>(buyKeys.cart, res.data);
      if (v.type === 'all') toast.success(`${v.name} removed from your cart`);
    },
    onError: (err) => toast.error(errorMessage(err, "We couldn't update your cart. Please try again.")),
    onSettled: () => qc.invalidateQueries({ queryKey: buyKeys.totals }),
  });
}

export function useAddresses() {
  return useQuery({
    queryKey: buyKeys.addresses,
    queryFn: async ({ signal }) => (await shopOrdersApi.addresses(signal)).data.addresses,
  });
}

export function useDeliveryQuotes(cartItemIds: string[], addressId: string | null) {
  return useQuery({
    queryKey: buyKeys.delivery(cartItemIds, addressId ?? ''),
    queryFn: async ({ signal }) => (await shopOrdersApi.delivery({ cartItemIds, addressId: addressId ?? '' }, signal)).data,
    enabled: Boolean(addressId) && cartItemIds.length > 0,
  });
}

export function useStates() {
  return useQuery({ queryKey: buyKeys.states, queryFn: async () => (await shopOrdersApi.states()).data, staleTime: Infinity });
}

export function useLgas(stateId: string) {
  return useQuery({
    queryKey: buyKeys.lgas(stateId),
    queryFn: async () => (await shopOrdersApi.lgas(stateId)).data.lgas,
    enabled: Boolean(stateId),
    staleTime: Infinity,
  });
}

/** The signed-in person's shop, or null. */
export function useMyShop() {
  return useQuery({ queryKey: buyKeys.myShop, queryFn: () => shopOrdersApi.myShop() });
}

/** The shopper's orders of one status (or all), a page at a time. */
export function useCustomerOrders(type: OrderFilter) {
  return usePagedList(buyKeys.customerOrders(type), (page, signal) => shopOrdersApi.customerOrders(type, page, signal), {
    keepPrevious: true,
  });
}

/** A shop's orders of one status (or all), a page at a time. */
export function useShopOrders(shopId: string | undefined, type: OrderFilter) {
  return usePagedList(
    buyKeys.shopOrders(shopId ?? '', type),
    (page, signal) => shopOrdersApi.shopOrders(shopId ?? '', type, page, signal),
    { enabled: Boolean(shopId) },
  );
}

export function useOrder(id: string) {
  return useQuery({ queryKey: buyKeys.order(id), queryFn: async ({ signal }) => (await shopOrdersApi.order(id, signal)).data });
}

/** After an order changes: its page takes the server's answer, the lists and (for refunds and payouts) the money are refreshed. */
export function orderChanged(qc: QueryClient, order: Order): Promise<void> {
  qc.setQueryData(buyKeys.order(order.id), order);
  return Promise.all([
    qc.invalidateQueries({ queryKey: buyKeys.orders, predicate: (q) => q.queryKey[2] !== 'one' }),
    invalidateMoney(qc),
  ]).then(() => undefined);
}

export type OrderAction = { step: SellerStep | ShopperStep } | { step: 'ship'; note: string } | { step: 'dispute'; reason: string };

/**
 * One step of an order (accept, ship, confirm, …): toasts the server's words either way. One
 * Idempotency-Key per step the person takes: sent again (a tap after a lost connection, a retry),
 * the same step of the same order reuses it and gets the first answer; a done step or another
 * step gets a fresh one.
 */
export function useOrderAction() {
  const qc = useQueryClient();
  const attempt = useAttemptKey();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: OrderAction }) => {
      const key = attempt.keyFor({ id, action });
      return action.step === 'ship'
        ? shopOrdersApi.ship(id, action.note, key)
        : action.step === 'dispute'
          ? shopOrdersApi.dispute(id, action.reason, key)
          : shopOrdersApi.step(id, action.step, key);
    },
    onSuccess: async (res) => {
      attempt.done();
      toast.success(res.message || 'Order updated');
      await orderChanged(qc, res.data);
    },
    onError: (err) => toast.error(errorMessage(err, "We couldn't update this order. Please try again.")),
  });
}
