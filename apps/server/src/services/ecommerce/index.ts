import type { FastifyPluginAsync } from 'fastify';
import type { ServiceModule } from '../../platform/app.js';
import { autoConfirm } from './order-steps.js';
import { orderRoutes } from './routes-orders.js';
import { catalogueRoutes } from './routes.js';

/** The ecommerce service: shops, products and the catalogue, wishlist, reports, cart, addresses, delivery, orders in escrow. */
const ecommerceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(catalogueRoutes);
  await app.register(orderRoutes);
  // Delivered orders confirm themselves after ORDER_AUTO_CONFIRM_DAYS (claimed per order); tests
  // call autoConfirm with their own clock.
  const deps = { config: app.config, notifier: app.notifier };
  app.jobs.add({ name: 'ecommerce.auto-confirm', periodMs: app.config.autoConfirmCheckMs, run: () => autoConfirm(app.db, deps) });
};

export { DEMO_SHOPS, seedMarketplace } from './demo.js';
export { autoConfirm } from './order-steps.js';
export { sellersBoughtFrom } from './buyer-reads.js';
export { moderateProduct, moderateShop, ownerOfListing, reportedProducts, reportedShops } from './reports-staff.js';
export { disputedOrder, disputedOrders, settleDispute, type DisputedOrder, type Settlement } from './disputes-staff.js';

export const ecommerceService: ServiceModule = { name: 'ecommerce', plugin: ecommerceRoutes };
