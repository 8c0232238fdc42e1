import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../platform/errors.js';
import { ok } from '../../platform/http.js';
import { listed, route, userIdOf as me } from '../../platform/route.js';
import { CATEGORIES, categoryById, COLOURS, SHOP_REPORT_REASONS, STATES, findState, subcategoryById } from './catalogue.js';
import { deliveryEstimate } from './cart.service.js';
import { reviewsOf } from './order-reviews.js';
import { createProduct, deleteProduct, editProduct, increaseStock } from './product-edits.js';
import * as pr from './products.service.js';
import { myReport, myReports, reportShopOrProduct } from './reports.service.js';
import { searchShops, suggest } from './search-suggest.js';
import { pruneSearchChanges, SearchIndexFollower } from './search-index/follow.js';
import { searchFacets } from './search.service.js';
import * as sh from './shops.service.js';
import { addToWishlist, removeFromWishlist, wishlistOf, wishlistProducts } from './wishlist.service.js';

/** The map's name of each section's call (products.service SECTIONS). */
const SECTION_CALLS = {
  'top-deals': 'shop.topDeals',
  'flash-sales': 'shop.flashSales',
  'keep-shopping': 'shop.keepShopping',
  'products-near-you': 'shop.nearYou',
  'popular-products': 'shop.popular',
  'appliance-deals': 'shop.applianceDeals',
  'big-savings': 'shop.bigSavings',
} as const satisfies Record<(typeof pr.SECTIONS)[number]['id'], string>;

/** The marketplace catalogue: products, sections, categories, shops, places, wishlist, reports. */
export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  // The process's search index (search-index/): built in the background at start (searches use the
  // database's statement until it is ready), kept in step with every committed product change, its
  // state in the health check.
  const index = new SearchIndexFollower(db, app.config.searchIndex, (err) => app.log.error({ err }, 'search index build failed'));
  app.addHook('onReady', async () => {
    void index.start();
  });
  app.addHook('onClose', async () => index.stop());
  app.healthPart('searchIndex', () => index.state);
  // A search applies the changes first anyway: this job only keeps the index near them between
  // searches, so with nothing changing it looks only every JOBS_IDLE_MS (a write here wakes it).
  app.jobs.add({
    name: 'ecommerce.search-index',
    periodMs: app.config.searchIndexFollowMs,
    idleMs: app.config.jobsIdleMs,
    wake: 'write',
    scope: 'process',
    run: () => index.catchUp(),
  });
  app.jobs.add({ name: 'ecommerce.search-changes-prune', periodMs: 600_000, run: () => pruneSearchChanges(db) });

  // Products (shopper) --------------------------------------------------------------------------
  route(app, 'shop.products', { guard: 'bearer' }, async (req) => {
    const r = await pr.listProducts(db, me(req), req.query, index);
    return { ...listed('Products', r), search: r.search };
  });
  route(app, 'shop.suggest', { guard: 'bearer' }, async (req) => ok(await suggest(db, req.query.q, await index.current()), 'Suggestions'));
  route(app, 'shop.searchFacets', { guard: 'bearer' }, async (req) => ok(await searchFacets(db, req.query, index), 'Facets'));
  for (const s of pr.SECTIONS) {
    route(app, SECTION_CALLS[s.id], { guard: 'bearer' }, async (req) => listed(s.title, await pr.section(db, me(req), s.id, req.query)));
  }
  route(app, 'shop.sections', { guard: 'bearer' }, async () => ok(await pr.sections(db), 'Sections'));
  route(app, 'shop.filter', { guard: 'bearer' }, async (req) => {
    const r = await pr.listProducts(db, me(req), { category: req.query.category, page: req.query.page, limit: req.query.limit });
    return {
      status: true as const,
      message: 'Products',
      data: { results: r.items, total: r.pagination.total, page: r.pagination.page },
      pagination: r.pagination,
    };
  });
  route(app, 'shop.shopProducts', { guard: 'bearer' }, async (req) =>
    listed('Shop products', await pr.shopProducts(db, me(req), req.params.shopId, req.query)),
  );
  route(app, 'shop.myShopProducts', { guard: 'bearer' }, async (req) =>
    listed('Your products', await pr.myShopProducts(db, me(req), req.params.shopId, req.query)),
  );
  route(app, 'shop.mySingleProduct', { guard: 'bearer' }, async (req) =>
    ok(await pr.mySingleProduct(db, me(req), req.params.shopId, req.params.productId), 'Product'),
  );
  route(app, 'shop.categoryProducts', { guard: 'bearer' }, async (req) =>
    listed('Products', await pr.categoryProducts(db, me(req), req.params.id, req.query)),
  );
  route(app, 'shop.view', { guard: 'bearer' }, async (req) => ok(await pr.viewProduct(db, me(req), req.params.id), 'Product'));
  route(app, 'shop.deliveryEstimate', { guard: 'bearer' }, async (req) =>
    ok(await deliveryEstimate(db, app.config, me(req), req.params.id, req.query.addressId), 'Delivery estimate'),
  );
  route(app, 'shop.reviews', { guard: 'bearer' }, async (req) => listed('Reviews', await reviewsOf(db, req.params.id, req.query)));

  // Products (seller) ---------------------------------------------------------------------------
  route(app, 'shop.createProduct', { guard: 'bearer' }, async (req, reply) =>
    reply.status(201).send(ok(await createProduct(db, me(req), req.body), 'Product Uploaded Successfully')),
  );
  route(app, 'shop.editProduct', { guard: 'bearer' }, async (req) => ok(await editProduct(db, me(req), req.body), 'Product updated'));
  route(app, 'shop.deleteProduct', { guard: 'bearer' }, async (req) => {
    await deleteProduct(db, me(req), req.params.id);
    return ok(null, 'Product deleted');
  });
  route(app, 'shop.increaseStock', { guard: 'bearer' }, async (req) => ok(await increaseStock(db, me(req), req.body), 'Stock updated'));

  // Categories ----------------------------------------------------------------------------------
  const withColours = (cat: (typeof CATEGORIES)[number]) => ({
    ...cat,
    subcategories: cat.subcategories.map((s) => ({
      ...s,
      variations: s.variations.map((v) => (v.id === 'colour' ? { ...v, options: COLOURS.map((x) => x.name) } : v)),
    })),
  });
  route(app, 'shop.categories', { guard: 'bearer' }, async () => ok(CATEGORIES.map(withColours), 'Categories'));
  route(app, 'shop.category', { guard: 'bearer' }, async (req) => {
    const cat = categoryById(req.params.id);
    if (!cat) throw notFound('Category not found', 'CATEGORY_NOT_FOUND');
    return ok(withColours(cat), 'Category');
  });
  route(app, 'shop.variationTypes', { guard: 'bearer' }, async (req) => {
    const found = subcategoryById(req.params.id);
    if (!found) throw notFound('Subcategory not found', 'SUBCATEGORY_NOT_FOUND');
    const cat = withColours(found.category);
    return ok(
      { subcategory: cat.subcategories.find((s) => s.id === req.params.id)!, category: { id: cat.id, name: cat.name } },
      'Variations',
    );
  });

  // Wishlist ------------------------------------------------------------------------------------
  route(app, 'shop.wishlist', { guard: 'bearer' }, async (req) => listed('Wishlist', await wishlistOf(db, me(req), req.query)));
  route(app, 'shop.wishlistProducts', { guard: 'bearer' }, async (req) =>
    listed('Wishlist', await wishlistProducts(db, me(req), req.query)),
  );
  route(app, 'shop.addToWishlist', { guard: 'bearer' }, async (req) =>
    ok(await addToWishlist(db, me(req), req.params.productId), 'Added to your wishlist'),
  );
  route(app, 'shop.removeFromWishlist', { guard: 'bearer' }, async (req) => {
    await removeFromWishlist(db, me(req), req.params.id);
    return ok(null, 'Removed from your wishlist');
  });

  // Shops ---------------------------------------------------------------------------------------
  route(app, 'shop.createShop', { guard: 'bearer' }, async (req, reply) =>
    reply.status(201).send(ok(await sh.createShop(db, me(req), req.body), 'Shop created')),
  );
  route(app, 'shop.states', { guard: 'bearer' }, async () =>
    ok(
      STATES.map((s) => ({ id: s.id, name: s.name })),
      'States',
    ),
  );
  route(app, 'shop.lgas', { guard: 'bearer' }, async (req) => {
    const s = findState(req.params.stateId);
    if (!s) throw notFound('State not found', 'STATE_NOT_FOUND');
    return ok({ state: { id: s.id, name: s.name }, lgas: s.lgas }, 'Local government areas');
  });
  route(app, 'shop.searchShops', { guard: 'bearer' }, async (req) => listed('Shops', await searchShops(db, req.query.q, req.query)));
  route(app, 'shop.myShop', { guard: 'bearer' }, async (req) => {
    const shop = await sh.myShop(db, me(req));
    return ok(shop, shop ? 'Your shop' : 'You have no shop yet');
  });
  route(app, 'shop.shop', { guard: 'bearer' }, async (req) => ok(await sh.getShop(db, me(req), req.params.id), 'Shop'));
  route(app, 'shop.follow', { guard: 'bearer' }, async (req) => {
    const r = await sh.toggleFollow(db, me(req), req.params.id);
    return ok(r, r.isFollowing ? 'Following' : 'Unfollowed');
  });
  route(app, 'shop.followings', { guard: 'bearer' }, async (req) =>
    listed('Shops you follow', await sh.followedShops(db, me(req), req.query)),
  );
  route(app, 'shop.nearby', { guard: 'bearer' }, async (req) => listed('Shops near you', await sh.nearbyShops(db, me(req), req.body)));
  route(app, 'shop.inventory', { guard: 'bearer' }, async (req) =>
    listed('Inventory', await pr.inventory(db, me(req), req.params.shopId, req.query)),
  );
  route(app, 'shop.colours', { guard: 'bearer' }, async () => ok(COLOURS, 'Colours'));

  // Reports -------------------------------------------------------------------------------------
  route(app, 'shop.reportReasons', { guard: 'bearer' }, async () => ok(SHOP_REPORT_REASONS, 'Report reasons'));
  route(app, 'shop.report', { guard: 'bearer' }, async (req, reply) =>
    reply
      .status(201)
      .send(ok(await reportShopOrProduct(db, me(req), req.body, app.config.reportHideThreshold), 'Thanks, we will review it')),
  );
  route(app, 'shop.reports', { guard: 'bearer' }, async (req) => listed('Your reports', await myReports(db, me(req), req.query)));
  route(app, 'shop.reportById', { guard: 'bearer' }, async (req) => ok(await myReport(db, me(req), req.params.id), 'Report'));
};
