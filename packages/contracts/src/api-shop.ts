import type { ApiEndpointDef } from './api.js';

/**
 * The web client's calls of the ecommerce service (/api/ecommerce): shops, products, catalogue, wishlist,
 * reports, cart, addresses, delivery, orders.
 * Part of `apiMap` (api.ts); kept in a file of its own so each area's calls are listed beside each other.
 */
export const shopApi = {} as const satisfies Record<string, ApiEndpointDef>;
