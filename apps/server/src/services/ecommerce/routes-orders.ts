import * as c from '@owo/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.js';
import { bearer, bearerDoc, bearerPin, bearerPinDoc, errorResponses } from '../../platform/guards.js';
import { ok } from '../../platform/http.js';
import { withIdempotency } from '../../platform/idempotency.js';
import { addressesOf, addToCart, cartOf, cartTotals, deleteAddress, quoteDelivery, removeFromCart, saveAddress } from './cart.service.js';
import {
  changeOrder,
  customerOrders,
  orderFor,
  placeOrders,
  reviewProduct,
  shopOrders,
  withdrawBusiness,
  type OrderAction,
} from './orders.service.js';

const doc = <E extends object>(tags: string[], summary: string, extra: E) => ({ tags, summary, ...bearerDoc, ...extra });
const res = <R extends object>(response: R) => ({ 200: response, ...errorResponses, 422: c.errorBody });
const list = <T>(message: string, r: { items: T[]; pagination: c.Pagination }) => ({
  status: true as const,
  message,
  data: r.items,
  pagination: r.pagination,
});
const T = { cart: ['ecommerce: cart'], orders: ['ecommerce: orders'] };

/** Buying: cart, saved addresses, delivery quotes, orders in escrow and their steps, reviews, the business wallet. */
export const orderRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const deps = { config: app.config, notifier: app.notifier };
  const me = (req: Parameters<typeof authOf>[0]) => authOf(req).userId;

  app.get(
    '/api/cart',
    { ...bearer, schema: doc(T.cart, 'Your cart with today’s prices and stock', { response: res(c.cartResponse) }) },
    async (req) => ok(await cartOf(db, me(req)), 'Cart'),
  );
  app.post(
    '/api/cart',
    {
      ...bearer,
      schema: doc(T.cart, 'Add a product (and option) to your cart; never beyond its stock', {
        body: c.addToCartBody,
        response: res(c.cartItemResponse),
      }),
    },
    async (req) => ok(await db.transaction((tx) => addToCart(tx, me(req), req.body)), 'Added to your cart'),
  );
  app.delete(
    '/api/cart/:id',
    {
      ...bearer,
      schema: doc(T.cart, 'Remove an item (?type=all) or one of it (?type=one)', {
        params: c.idParam,
        querystring: c.removeFromCartQuery,
        response: res(c.cartResponse),
      }),
    },
    async (req) => ok(await removeFromCart(db, me(req), req.params.id, req.query.type), 'Cart updated'),
  );
  app.post(
    '/api/cart/compute_cart_total',
    {
      ...bearer,
      schema: doc(T.cart, 'Totals for the selected items: per shop, delivery, fees, from the server’s prices', {
        body: c.cartTotalBody,
        response: res(c.cartTotalResponse),
      }),
    },
    async (req) => ok(await cartTotals(db, app.config, me(req), req.body), 'Cart total'),
  );

  app.get(
    '/api/user-saved-address/',
    { ...bearer, schema: doc(T.cart, 'Your saved addresses (under data.addresses)', { response: res(c.addressesResponse) }) },
    async (req) => ok({ addresses: await addressesOf(db, me(req)) }, 'Addresses'),
  );
  app.post(
    '/api/user-saved-address',
    {
      ...bearer,
      schema: doc(T.cart, 'Save an address (the first is the default)', {
        body: c.addressBody,
        response: { 201: c.addressResponse, ...errorResponses },
      }),
    },
    async (req, reply) => reply.status(201).send(ok(await db.transaction((tx) => saveAddress(tx, me(req), req.body)), 'Address saved')),
  );
  app.patch(
    '/api/user-saved-address/:id',
    {
      ...bearer,
      schema: doc(T.cart, 'Change a saved address', { params: c.idParam, body: c.editAddressBody, response: res(c.addressResponse) }),
    },
    async (req) => ok(await db.transaction((tx) => saveAddress(tx, me(req), req.body, req.params.id)), 'Address saved'),
  );
  app.put(
    '/api/user-saved-address/:id/default',
    { ...bearer, schema: doc(T.cart, 'Make an address the default', { params: c.idParam, response: res(c.addressResponse) }) },
    async (req) => ok(await db.transaction((tx) => saveAddress(tx, me(req), { isDefault: true }, req.params.id)), 'Default address set'),
  );
  app.delete(
    '/api/user-saved-address/:id',
    { ...bearer, schema: doc(T.cart, 'Delete a saved address', { params: c.idParam, response: res(c.messageOnly) }) },
    async (req) => {
      await deleteAddress(db, me(req), req.params.id);
      return ok(null, 'Address deleted');
    },
  );

  app.post(
    '/api/order/calculate_delivery',
    {
      ...bearer,
      schema: doc(T.orders, 'Delivery options per shop (standard, express, pickup) by distance and weight', {
        body: c.deliveryBody,
        response: res(c.deliveryResponse),
      }),
    },
    async (req) => ok(await quoteDelivery(db, app.config, me(req), req.body.cartItemIds, req.body.addressId), 'Delivery options'),
  );
  app.post(
    '/api/order/initiate',
    {
      ...bearerPin,
      schema: {
        tags: T.orders,
        summary: 'Pay for the selected items: one order per shop, the money held in escrow (PIN; Idempotency-Key accepted)',
        ...bearerPinDoc,
        body: c.initiateOrderBody,
        response: res(c.orderPlacedResponse),
      },
    },
    async (req, reply) => {
      const userId = me(req);
      return withIdempotency(app.db, req, reply, userId, 'order.initiate', async (tx) =>
        ok(await placeOrders(tx, deps, userId, req.body), 'Order placed'),
      );
    },
  );
  app.get(
    '/api/order/customer',
    {
      ...bearer,
      schema: doc(T.orders, 'Your orders, ?type= a status or all', { querystring: c.customerOrdersQuery, response: res(c.ordersResponse) }),
    },
    async (req) => list('Your orders', await customerOrders(db, deps, me(req), req.query)),
  );
  app.get(
    '/api/order/shop/:shopId',
    {
      ...bearer,
      schema: doc(T.orders, 'Your shop’s orders (owner only), ?type= a status or all', {
        params: c.shopIdParam,
        querystring: c.shopOrdersQuery,
        response: res(c.ordersResponse),
      }),
    },
    async (req) => list('Shop orders', await shopOrders(db, deps, me(req), req.params.shopId, req.query)),
  );
  app.get(
    '/api/order/:id',
    {
      ...bearer,
      schema: doc(T.orders, 'An order of yours (as shopper or seller) with its timeline', {
        params: c.idParam,
        response: res(c.orderResponse),
      }),
    },
    async (req) => ok(await orderFor(db, deps, me(req), req.params.id), 'Order'),
  );
  const step = (action: OrderAction, summary: string, message: string) =>
    app.put(
      `/api/order/:id/${action}`,
      { ...bearer, schema: doc(T.orders, summary, { params: c.idParam, response: res(c.orderResponse) }) },
      async (req) => ok(await changeOrder(db, deps, me(req), req.params.id, action), message),
    );
  step('accept', 'Accept a paid order (seller)', 'Order accepted');
  step('decline', 'Decline a paid order (seller): the shopper is refunded at once', 'Order declined and refunded');
  step('deliver', 'Mark a shipped order delivered (seller)', 'Marked delivered');
  step(
    'confirm',
    'Confirm you received the order, or close your dispute (shopper): the seller is paid',
    'Thanks! The seller has been paid',
  );
  step('cancel', 'Cancel before it ships (shopper): refunded at once', 'Order cancelled and refunded');
  step('refund', 'Settle a dispute by refunding the shopper in full (seller)', 'Order refunded');
  app.put(
    '/api/order/:id/ship',
    {
      ...bearer,
      schema: doc(T.orders, 'Mark an accepted order shipped, with a note or tracking number (seller)', {
        params: c.idParam,
        body: c.shipBody,
        response: res(c.orderResponse),
      }),
    },
    async (req) => ok(await changeOrder(db, deps, me(req), req.params.id, 'ship', { note: req.body.note }), 'Marked shipped'),
  );
  app.put(
    '/api/order/:id/dispute',
    {
      ...bearer,
      schema: doc(T.orders, 'Open a dispute before confirming (shopper): the money stays held', {
        params: c.idParam,
        body: c.disputeBody,
        response: res(c.orderResponse),
      }),
    },
    async (req) => ok(await changeOrder(db, deps, me(req), req.params.id, 'dispute', { reason: req.body.reason }), 'Dispute opened'),
  );

  app.post(
    '/api/product/review',
    {
      ...bearer,
      schema: doc(T.orders, 'Rate and review a product you received (once)', {
        body: c.reviewBody,
        response: { 201: c.reviewResponse, ...errorResponses },
      }),
    },
    async (req, reply) => reply.status(201).send(ok(await reviewProduct(db, me(req), req.body), 'Thanks for your review')),
  );
  app.post(
    '/api/shop/business-wallet/withdraw',
    {
      ...bearerPin,
      schema: {
        tags: T.orders,
        summary: 'Move money from your business wallet to your main wallet (PIN; Idempotency-Key accepted)',
        ...bearerPinDoc,
        body: c.businessWithdrawBody,
        response: res(c.businessWithdrawResponse),
      },
    },
    async (req, reply) => {
      const userId = me(req);
      return withIdempotency(app.db, req, reply, userId, 'business.withdraw', async (tx) =>
        ok(await withdrawBusiness(tx, userId, req.body.amount), 'Moved to your wallet'),
      );
    },
  );
};
