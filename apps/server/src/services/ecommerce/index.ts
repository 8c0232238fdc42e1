import type { FastifyPluginAsync } from 'fastify';
import type { ServiceModule } from '../../platform/app.js';
import { catalogueRoutes } from './routes.js';

/** The ecommerce service: shops, products and the catalogue, wishlist, reports (cart, addresses, delivery and orders come next). */
const ecommerceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(catalogueRoutes);
};

export { DEMO_SHOPS, seedMarketplace } from './demo.js';

export const ecommerceService: ServiceModule = { name: 'ecommerce', plugin: ecommerceRoutes };
