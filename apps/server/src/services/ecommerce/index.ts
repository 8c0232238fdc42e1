import type { FastifyPluginAsync } from 'fastify';
import type { ServiceModule } from '../../platform/app.js';

/** The ecommerce service: shops, products and the catalogue, wishlist, reports, cart, addresses, delivery, orders in escrow. */
const ecommerceRoutes: FastifyPluginAsync = async () => {};

export const ecommerceService: ServiceModule = { name: 'ecommerce', plugin: ecommerceRoutes };
