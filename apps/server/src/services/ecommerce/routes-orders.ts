import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../platform/http.js';
import { withIdempotency } from '../../platform/idempotency.js';
import { listed, route, userIdOf as me } from '../../platform/route.js';
import { addressesOf, addToCart, cartOf, cartTotals, deleteAddress, quoteDelivery, removeFromCart, saveAddress } from './cart.service.js';
import { reviewProduct } from './order-reviews.js';
import { changeOrder, type OrderAction } from './order-steps.js';
import { placeOrders } from './place-order.js';
import { customerOrders, orderFor, shopOrders } from './orders-read.js';
import { withdrawBusiness } from './business-wallet.js';

/** The order steps without a body, each with the map's name of its call and its answer's message. */
const STEPS = [
  ['accept', 'shop.acceptOrder', 'Order accepted'],
  ['decline', 'shop.declineOrder', 'Order declined and refunded'],
  ['deliver', 'shop.deliverOrder', 'Marked delivered'],
  ['confirm', 'shop.confirmOrder', 'Thanks! The seller has been paid'],
  ['cancel', 'shop.cancelOrder', 'Order cancelled and refunded'],
  ['refund', 'shop.refundOrder', 'Order refunded'],
] as const satisfies ReadonlyArray<readonly [OrderAction, string, string]>;

/** Buying: cart, saved addresses, delivery quotes, orders in escrow and their steps, reviews, the business wallet. */
export const orderRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  const deps = { config: app.config, notifier: app.notifier };

  route(app, 'shop.cart', { guard: 'bearer' }, async (req) => ok(await cartOf(db, me(req)), 'Cart'));
  route(app, 'shop.addToCart', { guard: 'bearer' }, async (req) => ok(await addToCart(db, me(req), req.body), 'Added to your cart'));
  route(app, 'shop.removeFromCart', { guard: 'bearer' }, async (req) =>
    ok(await removeFromCart(db, me(req), req.params.id, req.query.type), 'Cart updated'),
  );
  route(app, 'shop.cartTotal', { guard: 'bearer' }, async (req) => ok(await cartTotals(db, app.config, me(req), req.body), 'Cart total'));

  route(app, 'shop.addresses', { guard: 'bearer' }, async (req) => ok({ addresses: await addressesOf(db, me(req)) }, 'Addresses'));
  route(app, 'shop.addAddress', { guard: 'bearer' }, async (req, reply) =>
    reply.status(201).send(ok(await saveAddress(db, me(req), req.body), 'Address saved')),
  );
  route(app, 'shop.editAddress', { guard: 'bearer' }, async (req) =>
    ok(await saveAddress(db, me(req), req.body, req.params.id), 'Address saved'),
  );
  route(app, 'shop.defaultAddress', { guard: 'bearer' }, async (req) =>
    ok(await saveAddress(db, me(req), { isDefault: true }, req.params.id), 'Default address set'),
  );
  route(app, 'shop.deleteAddress', { guard: 'bearer' }, async (req) => {
    await deleteAddress(db, me(req), req.params.id);
    return ok(null, 'Address deleted');
  });

  route(app, 'shop.delivery', { guard: 'bearer' }, async (req) =>
    ok(await quoteDelivery(db, app.config, me(req), req.body.cartItemIds, req.body.addressId), 'Delivery options'),
  );
  route(app, 'shop.placeOrder', { guard: 'pin' }, async (req, reply) => {
    const userId = me(req);
    return withIdempotency(db, req, reply, userId, 'order.initiate', async (tx) =>
      ok(await placeOrders(tx, deps, userId, req.body), 'Order placed'),
    );
  });
  route(app, 'shop.customerOrders', { guard: 'bearer' }, async (req) =>
    listed('Your orders', await customerOrders(db, deps, me(req), req.query)),
  );
  route(app, 'shop.shopOrders', { guard: 'bearer' }, async (req) =>
    listed('Shop orders', await shopOrders(db, deps, me(req), req.params.shopId, req.query)),
  );
  route(app, 'shop.order', { guard: 'bearer' }, async (req) => ok(await orderFor(db, deps, me(req), req.params.id), 'Order'));

  // Each step takes an Idempotency-Key: the key, the step and its answer commit together, so a
  // retry after the commit (the server killed before it answered) replays the step's answer.
  const moveOrder = (
    req: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    action: OrderAction,
    message: string,
    extra?: { note?: string; reason?: string },
  ) => {
    const userId = me(req);
    return withIdempotency(db, req, reply, userId, `order.${action}`, async (tx) =>
      ok(await changeOrder(tx, deps, userId, req.params.id, action, extra), message),
    );
  };
  for (const [action, name, message] of STEPS)
    route(app, name, { guard: 'bearer' }, async (req, reply) => moveOrder(req, reply, action, message));
  route(app, 'shop.shipOrder', { guard: 'bearer' }, async (req, reply) =>
    moveOrder(req, reply, 'ship', 'Marked shipped', { note: req.body.note }),
  );
  route(app, 'shop.disputeOrder', { guard: 'bearer' }, async (req, reply) =>
    moveOrder(req, reply, 'dispute', 'Dispute opened', { reason: req.body.reason }),
  );

  route(app, 'shop.review', { guard: 'bearer' }, async (req, reply) => {
    const userId = me(req);
    return withIdempotency(db, req, reply, userId, 'product.review', async (tx) => {
      reply.status(201);
      return ok(await reviewProduct(tx, userId, req.body), 'Thanks for your review');
    });
  });
  route(app, 'shop.businessWithdraw', { guard: 'pin' }, async (req, reply) => {
    const userId = me(req);
    return withIdempotency(db, req, reply, userId, 'business.withdraw', async (tx) =>
      ok(await withdrawBusiness(tx, userId, req.body.amount), 'Moved to your wallet'),
    );
  });
};
