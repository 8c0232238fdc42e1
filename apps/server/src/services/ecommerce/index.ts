import type { FastifyPluginAsync } from 'fastify';
import type { ServiceModule } from '../../platform/app.js';
import { autoConfirm } from './orders.service.js';
import { orderRoutes } from './routes-orders.js';
import { catalogueRoutes } from './routes.js';

/** The ecommerce service: shops, products and the catalogue, wishlist, reports, cart, addresses, delivery, orders in escrow. */
const ecommerceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(catalogueRoutes);
  await app.register(orderRoutes);
  // Delivered orders confirm themselves after ORDER_AUTO_CONFIRM_DAYS (claimed per order, so
  // several processes share the work); tests call autoConfirm with their own clock.
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    if (app.config.env === 'test') return;
    const deps = { config: app.config, notifier: app.notifier };
    timer = setInterval(
      () => void autoConfirm(app.db, deps).catch((err: unknown) => app.log.error({ err }, 'order auto-confirm failed')),
      10 * 60_000,
    );
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
};

export { DEMO_SHOPS, seedMarketplace } from './demo.js';
export { autoConfirm } from './orders.service.js';

export const ecommerceService: ServiceModule = { name: 'ecommerce', plugin: ecommerceRoutes };
