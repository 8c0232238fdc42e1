import { messageOnly, pageQuery } from './common.js';
import * as c from './shop.js';
import type { ApiEndpointDef } from './api.js';

const E = '/api/ecommerce';
const PR = `${E}/api/product`;
const SH = `${E}/api/shop`;

/**
 * The web client's calls of the ecommerce service (/api/ecommerce): shops, products, catalogue, wishlist,
 * reports, cart, addresses, delivery, orders.
 * Part of `apiMap` (api.ts); kept in a file of its own so each area's calls are listed beside each other.
 */
export const shopApi = {
  'shop.products': { method: 'GET', path: PR, query: c.productsQuery, response: c.productsResponse },
  'shop.topDeals': { method: 'GET', path: `${PR}/top-deals`, query: c.sectionQuery, response: c.productsResponse },
  'shop.keepShopping': { method: 'GET', path: `${PR}/keep-shopping`, query: c.sectionQuery, response: c.productsResponse },
  'shop.popular': { method: 'GET', path: `${PR}/popular-products`, query: c.sectionQuery, response: c.productsResponse },
  'shop.applianceDeals': { method: 'GET', path: `${PR}/appliance-deals`, query: c.sectionQuery, response: c.productsResponse },
  'shop.flashSales': { method: 'GET', path: `${PR}/flash-sales`, query: c.sectionQuery, response: c.productsResponse },
  'shop.nearYou': { method: 'GET', path: `${PR}/products-near-you`, query: c.sectionQuery, response: c.productsResponse },
  'shop.bigSavings': { method: 'GET', path: `${PR}/big-savings`, query: c.sectionQuery, response: c.productsResponse },
  'shop.sections': { method: 'GET', path: `${PR}/get-sections`, response: c.sectionsResponse },
  'shop.filter': { method: 'GET', path: `${PR}/filter`, query: c.filterQuery, response: c.filteredProductsResponse },
  'shop.shopProducts': {
    method: 'GET',
    path: `${PR}/shop-products/:shopId`,
    params: c.shopIdParam,
    query: pageQuery,
    response: c.productsResponse,
  },
  'shop.myShopProducts': {
    method: 'GET',
    path: `${PR}/my-shop-products/:shopId`,
    params: c.shopIdParam,
    query: pageQuery,
    response: c.productsResponse,
  },
  'shop.mySingleProduct': {
    method: 'GET',
    path: `${PR}/my-single-shop-product/:shopId/:productId`,
    params: c.shopProductParams,
    response: c.productResponse,
  },
  'shop.categoryProducts': {
    method: 'GET',
    path: `${PR}/product-categories/:id`,
    params: c.slugParam,
    query: pageQuery,
    response: c.productsResponse,
  },
  'shop.view': { method: 'PATCH', path: `${PR}/view/:id`, params: c.idParam, response: c.productResponse },
  'shop.reviews': {
    method: 'GET',
    path: `${PR}/get-product-reviews/:id`,
    params: c.idParam,
    query: pageQuery,
    response: c.reviewsResponse,
  },
  'shop.createProduct': { method: 'POST', path: PR, body: c.createProductBody, response: c.productResponse },
  'shop.editProduct': { method: 'PATCH', path: `${PR}/edit-product`, body: c.editProductBody, response: c.productResponse },
  'shop.deleteProduct': { method: 'PATCH', path: `${PR}/delete/:id`, params: c.idParam, response: messageOnly },
  'shop.increaseStock': {
    method: 'PATCH',
    path: `${PR}/stock/increase-product-stock-new`,
    body: c.increaseStockBody,
    response: c.productResponse,
  },
  'shop.categories': { method: 'GET', path: `${E}/api/category`, response: c.categoriesResponse },
  'shop.category': { method: 'GET', path: `${E}/api/category/:id`, params: c.slugParam, response: c.categoryResponse },
  'shop.variationTypes': {
    method: 'GET',
    path: `${E}/api/category/subcategory/variation/:id`,
    params: c.slugParam,
    response: c.variationTypesResponse,
  },
  'shop.wishlist': { method: 'GET', path: `${E}/api/wishlist`, query: pageQuery, response: c.wishlistResponse },
  'shop.wishlistProducts': { method: 'GET', path: `${E}/api/wishlist/products`, query: pageQuery, response: c.productsResponse },
  'shop.addToWishlist': {
    method: 'POST',
    path: `${E}/api/wishlist/:productId`,
    params: c.productIdParam,
    response: c.wishlistItemResponse,
  },
  'shop.removeFromWishlist': { method: 'DELETE', path: `${E}/e-comm/api/wishlist/:id`, params: c.idParam, response: messageOnly },
  'shop.createShop': { method: 'POST', path: SH, body: c.createShopBody, response: c.shopResponse },
  'shop.states': { method: 'GET', path: `${SH}/states`, response: c.statesResponse },
  'shop.lgas': { method: 'GET', path: `${SH}/states/:stateId`, params: c.stateParam, response: c.lgasResponse },
  'shop.myShop': { method: 'GET', path: `${SH}/me`, response: c.shopResponse },
  'shop.shop': { method: 'GET', path: `${SH}/single/:id`, params: c.idParam, response: c.shopResponse },
  'shop.follow': { method: 'PATCH', path: `${SH}/follow-shop/:id`, params: c.idParam, response: c.followShopResponse },
  'shop.followings': { method: 'GET', path: `${SH}/followings`, query: pageQuery, response: c.shopsResponse },
  'shop.nearby': { method: 'POST', path: `${SH}/search`, body: c.shopSearchBody, response: c.shopsResponse },
  'shop.inventory': {
    method: 'GET',
    path: `${SH}/inventory/:shopId`,
    params: c.shopIdParam,
    query: pageQuery,
    response: c.inventoryResponse,
  },
  'shop.colours': { method: 'GET', path: `${SH}/get-colours`, response: c.coloursResponse },
  'shop.reportReasons': { method: 'GET', path: `${E}/api/report`, response: c.shopReportReasonsResponse },
  'shop.reports': { method: 'GET', path: `${E}/api/report-shop-product`, query: pageQuery, response: c.shopReportsResponse },
  'shop.report': { method: 'POST', path: `${E}/api/report-shop-product`, body: c.shopReportBody, response: c.shopReportResponse },
  'shop.reportById': { method: 'GET', path: `${E}/api/report-shop-product/:id`, params: c.idParam, response: c.shopReportResponse },
} as const satisfies Record<string, ApiEndpointDef>;
