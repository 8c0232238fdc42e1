import { messageOnly, pageQuery } from './common.js';
import * as c from './shop.js';
import * as o from './shop-orders.js';
import * as se from './shop-search.js';
import type { ApiEndpointDef } from './api.js';

const E = '/api/ecommerce';
const PR = `${E}/api/product`;
const SH = `${E}/api/shop`;
const OR = `${E}/api/order`;
const AD = `${E}/api/user-saved-address`;

/** The OpenAPI sections of the shop's calls (none of them is plain "shop"). */
const T = {
  products: 'ecommerce: products',
  shops: 'ecommerce: shops',
  catalogue: 'ecommerce: catalogue',
  wishlist: 'ecommerce: wishlist',
  cart: 'ecommerce: cart',
  orders: 'ecommerce: orders',
} as const;

/** The order steps each take an Idempotency-Key (the key, the step and its answer commit together). */
const KEYED = ' (Idempotency-Key accepted)';

/** A section of the shop's home (products-read's SECTIONS): its products, paged. */
const section = <S extends string>(path: S, title: string) =>
  ({
    method: 'GET',
    path: `${PR}/${path}`,
    query: c.sectionQuery,
    response: c.productsResponse,
    summary: `Section: ${title}`,
    tag: T.products,
  }) as const;

/** One step of an order (PUT /api/order/:id/<step>), answered with the order as it now is. */
const orderStep = <S extends string>(step: S, summary: string) =>
  ({
    method: 'PUT',
    path: `${OR}/:id/${step}`,
    params: c.idParam,
    response: o.orderResponse,
    summary: summary + KEYED,
    tag: T.orders,
  }) as const;

/**
 * The web client's calls of the ecommerce service (/api/ecommerce): shops, products, catalogue, wishlist,
 * reports, cart, addresses, delivery, orders.
 * Part of `apiMap` (api.ts); kept in a file of its own so each area's calls are listed beside each other.
 */
export const shopApi = {
  // Products (shopper)
  'shop.products': {
    method: 'GET',
    path: PR,
    query: c.productsQuery,
    response: se.productSearchResponse,
    summary: 'Products: search by words (misspellings corrected, synonyms, ranked), category, state and LGA of the shop, price range, sort',
    tag: T.products,
  },
  'shop.suggest': {
    method: 'GET',
    path: `${PR}/suggest`,
    query: se.suggestQuery,
    response: se.suggestResponse,
    summary: 'Suggestions as one types: words, products, categories and shops',
    tag: T.products,
  },
  'shop.searchFacets': {
    method: 'GET',
    path: `${PR}/search-facets`,
    query: c.productsQuery,
    response: se.searchFacetsResponse,
    summary: 'Counts per category and price range for a search and its filters',
    tag: T.products,
  },
  'shop.topDeals': section('top-deals', 'Top deals'),
  'shop.flashSales': section('flash-sales', 'Flash sales'),
  'shop.keepShopping': section('keep-shopping', 'Keep shopping'),
  'shop.nearYou': section('products-near-you', 'Near you'),
  'shop.popular': section('popular-products', 'Popular'),
  'shop.applianceDeals': section('appliance-deals', 'Appliance deals'),
  'shop.bigSavings': section('big-savings', 'Big savings'),
  'shop.sections': {
    method: 'GET',
    path: `${PR}/get-sections`,
    response: c.sectionsResponse,
    summary: 'The sections of the shop’s home',
    tag: T.products,
  },
  'shop.filter': {
    method: 'GET',
    path: `${PR}/filter`,
    query: c.filterQuery,
    response: c.filteredProductsResponse,
    summary: 'Products of a category (under data.results)',
    tag: T.products,
  },
  'shop.shopProducts': {
    method: 'GET',
    path: `${PR}/shop-products/:shopId`,
    params: c.shopIdParam,
    query: pageQuery,
    response: c.productsResponse,
    summary: 'A shop’s products',
    tag: T.products,
  },
  'shop.myShopProducts': {
    method: 'GET',
    path: `${PR}/my-shop-products/:shopId`,
    params: c.shopIdParam,
    query: pageQuery,
    response: c.productsResponse,
    summary: 'Your shop’s products (owner only)',
    tag: T.products,
  },
  'shop.mySingleProduct': {
    method: 'GET',
    path: `${PR}/my-single-shop-product/:shopId/:productId`,
    params: c.shopProductParams,
    response: c.productResponse,
    summary: 'One of your shop’s products (owner only)',
    tag: T.products,
  },
  'shop.categoryProducts': {
    method: 'GET',
    path: `${PR}/product-categories/:id`,
    params: c.slugParam,
    query: pageQuery,
    response: c.productsResponse,
    summary: 'Products in a category',
    tag: T.products,
  },
  'shop.view': {
    method: 'PATCH',
    path: `${PR}/view/:id`,
    params: c.idParam,
    response: c.productResponse,
    summary: 'A product’s details; records the view',
    tag: T.products,
  },
  'shop.deliveryEstimate': {
    method: 'GET',
    path: `${PR}/delivery-estimate/:id`,
    params: c.idParam,
    query: o.deliveryEstimateQuery,
    response: o.deliveryEstimateResponse,
    summary: 'What delivering one of a product costs to your default address (or the one named), priced as checkout prices it',
    tag: T.products,
  },
  'shop.reviews': {
    method: 'GET',
    path: `${PR}/get-product-reviews/:id`,
    params: c.idParam,
    query: pageQuery,
    response: c.reviewsResponse,
    summary: 'A product’s reviews (they come with orders)',
    tag: T.products,
  },

  // Products (seller)
  'shop.createProduct': {
    method: 'POST',
    path: PR,
    body: c.createProductBody,
    response: c.productResponse,
    created: true,
    summary: 'Upload a product to your shop',
    tag: T.products,
  },
  'shop.editProduct': {
    method: 'PATCH',
    path: `${PR}/edit-product`,
    body: c.editProductBody,
    response: c.productResponse,
    summary: 'Edit your product (variations left out are removed)',
    tag: T.products,
  },
  'shop.deleteProduct': {
    method: 'PATCH',
    path: `${PR}/delete/:id`,
    params: c.idParam,
    response: messageOnly,
    summary: 'Delete your product (kept for past orders, gone from every list)',
    tag: T.products,
  },
  'shop.increaseStock': {
    method: 'PATCH',
    path: `${PR}/stock/increase-product-stock-new`,
    body: c.increaseStockBody,
    response: c.productResponse,
    summary: 'Add stock to your product or one of its variations',
    tag: T.products,
  },

  // Categories
  'shop.categories': {
    method: 'GET',
    path: `${E}/api/category`,
    response: c.categoriesResponse,
    summary: 'Categories with subcategories and their variations',
    tag: T.catalogue,
  },
  'shop.category': {
    method: 'GET',
    path: `${E}/api/category/:id`,
    params: c.slugParam,
    response: c.categoryResponse,
    summary: 'One category',
    tag: T.catalogue,
  },
  'shop.variationTypes': {
    method: 'GET',
    path: `${E}/api/category/subcategory/variation/:id`,
    params: c.slugParam,
    response: c.variationTypesResponse,
    summary: 'A subcategory’s variation types',
    tag: T.catalogue,
  },

  // Wishlist
  'shop.wishlist': {
    method: 'GET',
    path: `${E}/api/wishlist`,
    query: pageQuery,
    response: c.wishlistResponse,
    summary: 'Your wishlist',
    tag: T.wishlist,
  },
  'shop.wishlistProducts': {
    method: 'GET',
    path: `${E}/api/wishlist/products`,
    query: pageQuery,
    response: c.productsResponse,
    summary: 'The products on your wishlist',
    tag: T.wishlist,
  },
  'shop.addToWishlist': {
    method: 'POST',
    path: `${E}/api/wishlist/:productId`,
    params: c.productIdParam,
    response: c.wishlistItemResponse,
    summary: 'Add a product to your wishlist (again: no change)',
    tag: T.wishlist,
  },
  'shop.removeFromWishlist': {
    method: 'DELETE',
    path: `${E}/e-comm/api/wishlist/:id`,
    params: c.idParam,
    response: messageOnly,
    summary: 'Remove a product from your wishlist ({id}: the product’s or the entry’s)',
    tag: T.wishlist,
  },

  // Shops
  'shop.createShop': {
    method: 'POST',
    path: SH,
    body: c.createShopBody,
    response: c.shopResponse,
    created: true,
    summary: 'Open your shop (one per person)',
    tag: T.shops,
  },
  'shop.states': {
    method: 'GET',
    path: `${SH}/states`,
    response: c.statesResponse,
    summary: 'Nigeria’s 36 states and the FCT',
    tag: T.shops,
  },
  'shop.lgas': {
    method: 'GET',
    path: `${SH}/states/:stateId`,
    params: c.stateParam,
    response: c.lgasResponse,
    summary: 'A state’s local government areas',
    tag: T.shops,
  },
  'shop.searchShops': {
    method: 'GET',
    path: `${SH}/find`,
    query: se.shopSearchQuery,
    response: se.shopSearchResponse,
    summary: 'Shops by name',
    tag: T.shops,
  },
  'shop.myShop': {
    method: 'GET',
    path: `${SH}/me`,
    response: c.myShopResponse,
    summary: 'Your shop; data is null when you have none yet (not an error: Home asks it of everyone)',
    tag: T.shops,
  },
  'shop.shop': {
    method: 'GET',
    path: `${SH}/single/:id`,
    params: c.idParam,
    response: c.shopResponse,
    summary: 'A shop with counts and whether you follow it',
    tag: T.shops,
  },
  'shop.follow': {
    method: 'PATCH',
    path: `${SH}/follow-shop/:id`,
    params: c.idParam,
    response: c.followShopResponse,
    summary: 'Follow a shop, or unfollow it when you do',
    tag: T.shops,
  },
  'shop.followings': {
    method: 'GET',
    path: `${SH}/followings`,
    query: pageQuery,
    response: c.shopsResponse,
    summary: 'Shops you follow',
    tag: T.shops,
  },
  'shop.nearby': {
    method: 'POST',
    path: `${SH}/search`,
    body: c.shopSearchBody,
    response: c.shopsResponse,
    summary: 'Shops within a radius of a point, nearest first, with the distance',
    tag: T.shops,
  },
  'shop.inventory': {
    method: 'GET',
    path: `${SH}/inventory/:shopId`,
    params: c.shopIdParam,
    query: pageQuery,
    response: c.inventoryResponse,
    summary: 'Your shop’s stock per variation with low-stock marks, views and sales (owner only)',
    tag: T.shops,
  },
  'shop.colours': {
    method: 'GET',
    path: `${SH}/get-colours`,
    response: c.coloursResponse,
    summary: 'Colours for variations',
    tag: T.catalogue,
  },

  // Reports
  'shop.reportReasons': {
    method: 'GET',
    path: `${E}/api/report`,
    response: c.shopReportReasonsResponse,
    summary: 'Why a product or shop can be reported',
    tag: T.catalogue,
  },
  'shop.reports': {
    method: 'GET',
    path: `${E}/api/report-shop-product`,
    query: pageQuery,
    response: c.shopReportsResponse,
    summary: 'Your reports',
    tag: T.catalogue,
  },
  'shop.report': {
    method: 'POST',
    path: `${E}/api/report-shop-product`,
    body: c.shopReportBody,
    response: c.shopReportResponse,
    created: true,
    summary: 'Report a product or a shop',
    tag: T.catalogue,
  },
  'shop.reportById': {
    method: 'GET',
    path: `${E}/api/report-shop-product/:id`,
    params: c.idParam,
    response: c.shopReportResponse,
    summary: 'One of your reports',
    tag: T.catalogue,
  },

  // Cart and saved addresses
  'shop.cart': {
    method: 'GET',
    path: `${E}/api/cart`,
    response: o.cartResponse,
    summary: 'Your cart with today’s prices and stock',
    tag: T.cart,
  },
  'shop.addToCart': {
    method: 'POST',
    path: `${E}/api/cart`,
    body: o.addToCartBody,
    response: o.cartItemResponse,
    summary: 'Add a product (and option) to your cart; never beyond its stock',
    tag: T.cart,
  },
  'shop.removeFromCart': {
    method: 'DELETE',
    path: `${E}/api/cart/:id`,
    params: c.idParam,
    query: o.removeFromCartQuery,
    response: o.cartResponse,
    summary: 'Remove an item (?type=all) or one of it (?type=one)',
    tag: T.cart,
  },
  'shop.cartTotal': {
    method: 'POST',
    path: `${E}/api/cart/compute_cart_total`,
    body: o.cartTotalBody,
    response: o.cartTotalResponse,
    summary: 'Totals for the selected items: per shop, delivery, fees, from the server’s prices',
    tag: T.cart,
  },
  'shop.addresses': {
    method: 'GET',
    path: `${AD}/`,
    response: o.addressesResponse,
    summary: 'Your saved addresses (under data.addresses)',
    tag: T.cart,
  },
  'shop.addAddress': {
    method: 'POST',
    path: AD,
    body: o.addressBody,
    response: o.addressResponse,
    created: true,
    summary: 'Save an address (the first is the default)',
    tag: T.cart,
  },
  'shop.editAddress': {
    method: 'PATCH',
    path: `${AD}/:id`,
    params: c.idParam,
    body: o.editAddressBody,
    response: o.addressResponse,
    summary: 'Change a saved address',
    tag: T.cart,
  },
  'shop.deleteAddress': {
    method: 'DELETE',
    path: `${AD}/:id`,
    params: c.idParam,
    response: messageOnly,
    summary: 'Delete a saved address',
    tag: T.cart,
  },
  'shop.defaultAddress': {
    method: 'PUT',
    path: `${AD}/:id/default`,
    params: c.idParam,
    response: o.addressResponse,
    summary: 'Make an address the default',
    tag: T.cart,
  },

  // Delivery and orders
  'shop.delivery': {
    method: 'POST',
    path: `${OR}/calculate_delivery`,
    body: o.deliveryBody,
    response: o.deliveryResponse,
    summary: 'Delivery options per shop (standard, express, pickup) by distance and weight',
    tag: T.orders,
  },
  'shop.placeOrder': {
    method: 'POST',
    path: `${OR}/initiate`,
    body: o.initiateOrderBody,
    response: o.orderPlacedResponse,
    pin: true,
    summary: 'Pay for the selected items: one order per shop, the money held in escrow (PIN; Idempotency-Key accepted)',
    tag: T.orders,
  },
  'shop.shopOrders': {
    method: 'GET',
    path: `${OR}/shop/:shopId`,
    params: c.shopIdParam,
    query: o.shopOrdersQuery,
    response: o.ordersResponse,
    summary: 'Your shop’s orders (owner only), ?type= a status or all',
    tag: T.orders,
  },
  'shop.customerOrders': {
    method: 'GET',
    path: `${OR}/customer`,
    query: o.customerOrdersQuery,
    response: o.ordersResponse,
    summary: 'Your orders, ?type= a status or all',
    tag: T.orders,
  },
  'shop.order': {
    method: 'GET',
    path: `${OR}/:id`,
    params: c.idParam,
    response: o.orderResponse,
    summary: 'An order of yours (as shopper or seller) with its timeline',
    tag: T.orders,
  },
  'shop.acceptOrder': orderStep('accept', 'Accept a paid order (seller)'),
  'shop.declineOrder': orderStep('decline', 'Decline a paid order (seller): the shopper is refunded at once'),
  'shop.shipOrder': {
    ...orderStep('ship', 'Mark an accepted order shipped, with a note or tracking number (seller)'),
    body: o.shipBody,
  },
  'shop.deliverOrder': orderStep('deliver', 'Mark a shipped order delivered (seller)'),
  'shop.confirmOrder': orderStep('confirm', 'Confirm you received the order, or close your dispute (shopper): the seller is paid'),
  'shop.cancelOrder': orderStep('cancel', 'Cancel before it ships (shopper): refunded at once'),
  'shop.refundOrder': orderStep('refund', 'Settle a dispute by refunding the shopper in full (seller)'),
  'shop.disputeOrder': {
    ...orderStep('dispute', 'Open a dispute before confirming (shopper): the money stays held'),
    body: o.disputeBody,
  },
  'shop.review': {
    method: 'POST',
    path: `${PR}/review`,
    body: o.reviewBody,
    response: o.reviewResponse,
    created: true,
    summary: 'Rate and review a product you received (once)' + KEYED,
    tag: T.orders,
  },
  'shop.businessWithdraw': {
    method: 'POST',
    path: `${SH}/business-wallet/withdraw`,
    body: o.businessWithdrawBody,
    response: o.businessWithdrawResponse,
    pin: true,
    summary: 'Move money from your business wallet to your main wallet (PIN; Idempotency-Key accepted)',
    tag: T.orders,
  },
} as const satisfies Record<string, ApiEndpointDef>;
