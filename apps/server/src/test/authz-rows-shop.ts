import { uploadPng } from './upload-fixture.js';
import { anyone, list, mine, sellerOfA, sellerStep, shoppers, shopperStep, unique, type Ctx, type Row, OK } from './authz-rows-shapes.js';

/** The authorization matrix's rows (authz-rows.ts) of the shop: the catalogue, sellers, the shopper's things, orders in escrow. */
export const shopRows: Record<string, Row> = {
  // --- shop: the catalogue (anyone signed in) ------------------------------------------------------
  'shop.products': list(),
  'shop.topDeals': list(),
  'shop.keepShopping': list(),
  'shop.popular': list(),
  'shop.applianceDeals': list(),
  'shop.flashSales': list(),
  'shop.nearYou': list({ query: () => ({ latitude: '6.5', longitude: '3.35' }) }),
  'shop.bigSavings': list(),
  'shop.sections': list(),
  'shop.filter': list({ query: () => ({ category: 'groceries' }) }),
  'shop.shopProducts': list({ params: (w) => ({ shopId: w.shopA }) }),
  'shop.categoryProducts': list({ params: () => ({ id: 'groceries' }) }),
  'shop.view': list({ params: (w) => ({ id: w.productA }) }),
  'shop.deliveryEstimate': shoppers({ params: (w) => ({ id: w.productA }), query: (w) => ({ addressId: w.address }) }),
  'shop.reviews': list({ params: (w) => ({ id: w.productA }) }),
  'shop.categories': list(),
  'shop.category': list({ params: () => ({ id: 'groceries' }) }),
  'shop.variationTypes': list({ params: () => ({ id: 'shoes' }) }),
  'shop.states': list(),
  'shop.lgas': list({ params: () => ({ stateId: 'lagos' }) }),
  'shop.shop': list({ params: (w) => ({ id: w.shopA }) }),
  'shop.follow': list({ params: (w) => ({ id: w.shopA }) }),
  'shop.followings': list(),
  'shop.nearby': list({ body: () => ({ latitude: 6.6, longitude: 3.35 }) }),
  'shop.colours': list(),
  'shop.reportReasons': list(),
  'shop.reports': mine(),
  'shop.report': list({ body: (w) => ({ shopId: w.shopA, reason: 'Scam or fraud' }) }),
  'shop.reportById': shoppers({ params: (w) => ({ id: w.shopReport }) }),
  'shop.suggest': list({ query: () => ({ q: 'ankara' }) }),
  'shop.searchFacets': list({ query: () => ({ search: 'ankara' }) }),
  'shop.searchShops': list({ query: () => ({ q: 'shop' }) }),

  // --- shop: sellers (spec section 6: own shop, own-shop products, inventory, seller orders) ---------
  'shop.createShop': {
    body: () => ({
      name: `Shop ${unique()}`,
      phone: '08031234567',
      address: '2 Allen Avenue',
      stateId: 'lagos',
      lgaId: 'ikeja',
      latitude: 6.6,
      longitude: 3.35,
    }),
    // One shop per person (routes.tsv).
    expect: { stranger: 401, seller: 409, newcomer: OK },
  },
  'shop.myShop': { expect: anyone('seller') },
  'shop.myShopProducts': { params: (w) => ({ shopId: w.shopA }), expect: sellerOfA },
  'shop.mySingleProduct': { params: (w) => ({ shopId: w.shopA, productId: w.productA }), expect: sellerOfA },
  'shop.inventory': { params: (w) => ({ shopId: w.shopA }), expect: sellerOfA },
  'shop.shopOrders': { params: (w) => ({ shopId: w.shopA }), expect: sellerOfA },
  // Uploading needs a shop of one's own.
  'shop.createProduct': {
    each: async (w, as): Promise<Ctx> => (as ? { image: (await uploadPng(w.t.app, as)).url } : {}),
    body: (_w, x) => ({
      name: 'Garri 5kg',
      categoryId: 'groceries',
      subcategoryId: 'staples',
      images: [x.image ?? '/none.png'],
      price: 50_000,
      stock: 5,
    }),
    expect: { stranger: 401, shopper: 403, seller: OK },
  },
  'shop.editProduct': { body: (w) => ({ productId: w.productA, price: 110_000 }), expect: sellerOfA },
  'shop.deleteProduct': { setup: async (w) => ({ id: await w.sellerProduct() }), params: (_w, x) => ({ id: x.id! }), expect: sellerOfA },
  'shop.increaseStock': { body: (w) => ({ productId: w.productA, quantity: 1 }), expect: sellerOfA },

  // --- shop: the shopper's wishlist, cart, addresses -----------------------------------------------
  'shop.wishlist': mine(),
  'shop.wishlistProducts': mine(),
  'shop.addToWishlist': list({ params: (w) => ({ productId: w.productA }) }),
  'shop.removeFromWishlist': shoppers({
    setup: async (w) => ({ id: (await w.ok<{ id: string }>(w.shopper, 'POST', `/api/ecommerce/api/wishlist/${w.productA}`)).id }),
    params: (_w, x) => ({ id: x.id! }),
  }),
  'shop.cart': mine(),
  'shop.addToCart': list({ body: (w) => ({ productId: w.productA, quantity: 1 }) }),
  'shop.removeFromCart': shoppers({ setup: async (w) => ({ id: await w.cartItemOf() }), params: (_w, x) => ({ id: x.id! }) }),
  'shop.cartTotal': shoppers({ body: (w) => ({ cartItemIds: [w.cartItem], addressId: w.address }) }),
  'shop.addresses': mine(),
  'shop.addAddress': list({ body: () => ({ stateId: 'lagos', lgaId: 'ikeja', street: '9 Allen Avenue', phone: '08035550001' }) }),
  'shop.editAddress': shoppers({ params: (w) => ({ id: w.address }), body: () => ({ landmark: 'By the bus stop' }) }),
  'shop.deleteAddress': shoppers({ setup: async (w) => ({ id: await w.shopperAddress() }), params: (_w, x) => ({ id: x.id! }) }),
  'shop.defaultAddress': shoppers({ params: (w) => ({ id: w.address }) }),
  'shop.delivery': shoppers({ body: (w) => ({ cartItemIds: [w.cartItem], addressId: w.address }) }),

  // --- shop: orders in escrow ----------------------------------------------------------------------
  'shop.placeOrder': shoppers({
    setup: async (w) => ({ item: await w.cartItemOf() }),
    body: (w, x) => ({ cartItemIds: [x.item], addressId: w.address }),
  }),
  'shop.customerOrders': mine(),
  // The order is its shopper's and its seller's; the seller of another shop is told nothing.
  'shop.order': { params: (w) => ({ id: w.order }), expect: { stranger: 401, otherSeller: 404, shopper: OK, seller: OK } },
  'shop.acceptOrder': sellerStep('paid'),
  'shop.declineOrder': sellerStep('paid'),
  'shop.shipOrder': sellerStep('accepted', { note: 'Dispatched' }),
  'shop.deliverOrder': sellerStep('shipped'),
  'shop.confirmOrder': shopperStep('delivered'),
  'shop.cancelOrder': shopperStep('paid'),
  'shop.refundOrder': sellerStep('disputed'),
  'shop.disputeOrder': shopperStep('shipped', { reason: 'Wrong size' }),
  'shop.review': {
    setup: async (w) => ({ order: await w.orderIn('completed') }),
    body: (w, x) => ({ orderId: x.order, productId: w.productA, rating: 5, text: 'Fresh' }),
    // The order is named in the body: someone else's order gets the same 400 as one that does not
    // exist or has not arrived (REVIEW_NOT_ALLOWED), telling nothing of it, and writes nothing.
    expect: { stranger: 401, otherSeller: 400, seller: 400, shopper: OK },
  },
  'shop.businessWithdraw': {
    setup: async (w) => ({ order: await w.orderIn('completed') }),
    body: () => ({ amount: 1_000 }),
    expect: anyone('seller'),
  },
};
