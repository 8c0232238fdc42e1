import * as c from '@owo/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.js';
import { bearer, bearerDoc, errorResponses } from '../../platform/guards.js';
import { ok } from '../../platform/http.js';
import { CATEGORIES, categoryById, COLOURS, SHOP_REPORT_REASONS, STATES, findState, subcategoryById } from './catalogue.js';
import * as pr from './products.service.js';
import { reviewsOf } from './orders.service.js';
import { myReport, myReports, reportShopOrProduct } from './reports.service.js';
import * as sh from './shops.service.js';
import { notFound } from '../../platform/errors.js';

const doc = <E extends object>(tags: string[], summary: string, extra: E) => ({ tags, summary, ...bearerDoc, ...extra });
const res = <R extends object>(response: R) => ({ 200: response, ...errorResponses });
const list = <T>(message: string, r: { items: T[]; pagination: c.Pagination }) => ({
  status: true as const,
  message,
  data: r.items,
  pagination: r.pagination,
});
const T = {
  products: ['ecommerce: products'],
  shops: ['ecommerce: shops'],
  catalogue: ['ecommerce: catalogue'],
  wishlist: ['ecommerce: wishlist'],
};

/** The marketplace catalogue: products, sections, categories, shops, places, wishlist, reports. */
export const catalogueRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const me = (req: Parameters<typeof authOf>[0]) => authOf(req).userId;

  // Products (shopper) --------------------------------------------------------------------------
  app.get(
    '/api/product',
    {
      ...bearer,
      schema: doc(T.products, 'Products: search (typo tolerant), category, state and LGA of the shop, price range', {
        querystring: c.productsQuery,
        response: res(c.productsResponse),
      }),
    },
    async (req) => list('Products', await pr.listProducts(db, me(req), req.query)),
  );
  for (const s of pr.SECTIONS) {
    app.get(
      `/api/product/${s.id}`,
      { ...bearer, schema: doc(T.products, `Section: ${s.title}`, { querystring: c.sectionQuery, response: res(c.productsResponse) }) },
      async (req) => list(s.title, await pr.section(db, me(req), s.id, req.query)),
    );
  }
  app.get(
    '/api/product/get-sections',
    { ...bearer, schema: doc(T.products, 'The sections of the shop’s home', { response: res(c.sectionsResponse) }) },
    async () => ok(await pr.sections(db), 'Sections'),
  );
  app.get(
    '/api/product/filter',
    {
      ...bearer,
      schema: doc(T.products, 'Products of a category (under data.results)', {
        querystring: c.filterQuery,
        response: res(c.filteredProductsResponse),
      }),
    },
    async (req) => {
      const r = await pr.listProducts(db, me(req), { category: req.query.category, page: req.query.page, limit: req.query.limit });
      return {
        status: true as const,
        message: 'Products',
        data: { results: r.items, total: r.pagination.total, page: r.pagination.page },
        pagination: r.pagination,
      };
    },
  );
  app.get(
    '/api/product/shop-products/:shopId',
    {
      ...bearer,
      schema: doc(T.products, 'A shop’s products', { params: c.shopIdParam, querystring: c.pageQuery, response: res(c.productsResponse) }),
    },
    async (req) => list('Shop products', await pr.shopProducts(db, me(req), req.params.shopId, req.query)),
  );
  app.get(
    '/api/product/my-shop-products/:shopId',
    {
      ...bearer,
      schema: doc(T.products, 'Your shop’s products (owner only)', {
        params: c.shopIdParam,
        querystring: c.pageQuery,
        response: res(c.productsResponse),
      }),
    },
    async (req) => list('Your products', await pr.myShopProducts(db, me(req), req.params.shopId, req.query)),
  );
  app.get(
    '/api/product/my-single-shop-product/:shopId/:productId',
    {
      ...bearer,
      schema: doc(T.products, 'One of your shop’s products (owner only)', {
        params: c.shopProductParams,
        response: res(c.productResponse),
      }),
    },
    async (req) => ok(await pr.mySingleProduct(db, me(req), req.params.shopId, req.params.productId), 'Product'),
  );
  app.get(
    '/api/product/product-categories/:id',
    {
      ...bearer,
      schema: doc(T.products, 'Products in a category', {
        params: c.slugParam,
        querystring: c.pageQuery,
        response: res(c.productsResponse),
      }),
    },
    async (req) => list('Products', await pr.categoryProducts(db, me(req), req.params.id, req.query)),
  );
  app.patch(
    '/api/product/view/:id',
    {
      ...bearer,
      schema: doc(T.products, 'A product’s details; records the view', { params: c.idParam, response: res(c.productResponse) }),
    },
    async (req) => ok(await pr.viewProduct(db, me(req), req.params.id), 'Product'),
  );
  app.get(
    '/api/product/get-product-reviews/:id',
    {
      ...bearer,
      schema: doc(T.products, 'A product’s reviews (they come with orders)', {
        params: c.idParam,
        querystring: c.pageQuery,
        response: res(c.reviewsResponse),
      }),
    },
    async (req) => list('Reviews', await reviewsOf(db, req.params.id, req.query)),
  );

  // Products (seller) ---------------------------------------------------------------------------
  app.post(
    '/api/product',
    {
      ...bearer,
      schema: doc(T.products, 'Upload a product to your shop', {
        body: c.createProductBody,
        response: { 201: c.productResponse, ...errorResponses },
      }),
    },
    async (req, reply) => reply.status(201).send(ok(await pr.createProduct(db, me(req), req.body), 'Product Uploaded Successfully')),
  );
  app.patch(
    '/api/product/edit-product',
    {
      ...bearer,
      schema: doc(T.products, 'Edit your product (variations left out are removed)', {
        body: c.editProductBody,
        response: res(c.productResponse),
      }),
    },
    async (req) => ok(await pr.editProduct(db, me(req), req.body), 'Product updated'),
  );
  app.patch(
    '/api/product/delete/:id',
    {
      ...bearer,
      schema: doc(T.products, 'Delete your product (kept for past orders, gone from every list)', {
        params: c.idParam,
        response: res(c.messageOnly),
      }),
    },
    async (req) => {
      await pr.deleteProduct(db, me(req), req.params.id);
      return ok(null, 'Product deleted');
    },
  );
  app.patch(
    '/api/product/stock/increase-product-stock-new',
    {
      ...bearer,
      schema: doc(T.products, 'Add stock to your product or one of its variations', {
        body: c.increaseStockBody,
        response: res(c.productResponse),
      }),
    },
    async (req) => ok(await pr.increaseStock(db, me(req), req.body), 'Stock updated'),
  );

  // Categories ----------------------------------------------------------------------------------
  const withColours = (cat: (typeof CATEGORIES)[number]) => ({
    ...cat,
    subcategories: cat.subcategories.map((s) => ({
      ...s,
      variations: s.variations.map((v) => (v.id === 'colour' ? { ...v, options: COLOURS.map((x) => x.name) } : v)),
    })),
  });
  app.get(
    '/api/category',
    { ...bearer, schema: doc(T.catalogue, 'Categories with subcategories and their variations', { response: res(c.categoriesResponse) }) },
    async () => ok(CATEGORIES.map(withColours), 'Categories'),
  );
  app.get(
    '/api/category/:id',
    { ...bearer, schema: doc(T.catalogue, 'One category', { params: c.slugParam, response: res(c.categoryResponse) }) },
    async (req) => {
      const cat = categoryById(req.params.id);
      if (!cat) throw notFound('Category not found', 'CATEGORY_NOT_FOUND');
      return ok(withColours(cat), 'Category');
    },
  );
  app.get(
    '/api/category/subcategory/variation/:id',
    {
      ...bearer,
      schema: doc(T.catalogue, 'A subcategory’s variation types', { params: c.slugParam, response: res(c.variationTypesResponse) }),
    },
    async (req) => {
      const found = subcategoryById(req.params.id);
      if (!found) throw notFound('Subcategory not found', 'SUBCATEGORY_NOT_FOUND');
      const cat = withColours(found.category);
      return ok(
        { subcategory: cat.subcategories.find((s) => s.id === req.params.id)!, category: { id: cat.id, name: cat.name } },
        'Variations',
      );
    },
  );

  // Wishlist ------------------------------------------------------------------------------------
  app.get(
    '/api/wishlist',
    { ...bearer, schema: doc(T.wishlist, 'Your wishlist', { querystring: c.pageQuery, response: res(c.wishlistResponse) }) },
    async (req) => list('Wishlist', await pr.wishlistOf(db, me(req), req.query)),
  );
  app.get(
    '/api/wishlist/products',
    {
      ...bearer,
      schema: doc(T.wishlist, 'The products on your wishlist', { querystring: c.pageQuery, response: res(c.productsResponse) }),
    },
    async (req) => list('Wishlist', await pr.wishlistProducts(db, me(req), req.query)),
  );
  app.post(
    '/api/wishlist/:productId',
    {
      ...bearer,
      schema: doc(T.wishlist, 'Add a product to your wishlist (again: no change)', {
        params: c.productIdParam,
        response: res(c.wishlistItemResponse),
      }),
    },
    async (req) => ok(await pr.addToWishlist(db, me(req), req.params.productId), 'Added to your wishlist'),
  );
  app.delete(
    '/e-comm/api/wishlist/:id',
    {
      ...bearer,
      schema: doc(T.wishlist, 'Remove a product from your wishlist ({id}: the product’s or the entry’s)', {
        params: c.idParam,
        response: res(c.messageOnly),
      }),
    },
    async (req) => {
      await pr.removeFromWishlist(db, me(req), req.params.id);
      return ok(null, 'Removed from your wishlist');
    },
  );

  // Shops ---------------------------------------------------------------------------------------
  app.post(
    '/api/shop',
    {
      ...bearer,
      schema: doc(T.shops, 'Open your shop (one per person)', {
        body: c.createShopBody,
        response: { 201: c.shopResponse, ...errorResponses },
      }),
    },
    async (req, reply) => reply.status(201).send(ok(await sh.createShop(db, me(req), req.body), 'Shop created')),
  );
  app.get(
    '/api/shop/states',
    { ...bearer, schema: doc(T.shops, 'Nigeria’s 36 states and the FCT', { response: res(c.statesResponse) }) },
    async () =>
      ok(
        STATES.map((s) => ({ id: s.id, name: s.name })),
        'States',
      ),
  );
  app.get(
    '/api/shop/states/:stateId',
    { ...bearer, schema: doc(T.shops, 'A state’s local government areas', { params: c.stateParam, response: res(c.lgasResponse) }) },
    async (req) => {
      const s = findState(req.params.stateId);
      if (!s) throw notFound('State not found', 'STATE_NOT_FOUND');
      return ok({ state: { id: s.id, name: s.name }, lgas: s.lgas }, 'Local government areas');
    },
  );
  app.get('/api/shop/me', { ...bearer, schema: doc(T.shops, 'Your shop', { response: res(c.shopResponse) }) }, async (req) =>
    ok(await sh.myShop(db, me(req)), 'Your shop'),
  );
  app.get(
    '/api/shop/single/:id',
    {
      ...bearer,
      schema: doc(T.shops, 'A shop with counts and whether you follow it', { params: c.idParam, response: res(c.shopResponse) }),
    },
    async (req) => ok(await sh.getShop(db, me(req), req.params.id), 'Shop'),
  );
  app.patch(
    '/api/shop/follow-shop/:id',
    {
      ...bearer,
      schema: doc(T.shops, 'Follow a shop, or unfollow it when you do', { params: c.idParam, response: res(c.followShopResponse) }),
    },
    async (req) => {
      const r = await sh.toggleFollow(db, me(req), req.params.id);
      return ok(r, r.isFollowing ? 'Following' : 'Unfollowed');
    },
  );
  app.get(
    '/api/shop/followings',
    { ...bearer, schema: doc(T.shops, 'Shops you follow', { querystring: c.pageQuery, response: res(c.shopsResponse) }) },
    async (req) => list('Shops you follow', await sh.followedShops(db, me(req), req.query)),
  );
  app.post(
    '/api/shop/search',
    {
      ...bearer,
      schema: doc(T.shops, 'Shops within a radius of a point, nearest first, with the distance', {
        body: c.shopSearchBody,
        response: res(c.shopsResponse),
      }),
    },
    async (req) => list('Shops near you', await sh.nearbyShops(db, me(req), req.body)),
  );
  app.get(
    '/api/shop/inventory/:shopId',
    {
      ...bearer,
      schema: doc(T.shops, 'Your shop’s stock per variation with low-stock marks, views and sales (owner only)', {
        params: c.shopIdParam,
        querystring: c.pageQuery,
        response: res(c.inventoryResponse),
      }),
    },
    async (req) => list('Inventory', await pr.inventory(db, me(req), req.params.shopId, req.query)),
  );
  app.get(
    '/api/shop/get-colours',
    { ...bearer, schema: doc(T.catalogue, 'Colours for variations', { response: res(c.coloursResponse) }) },
    async () => ok(COLOURS, 'Colours'),
  );

  // Reports -------------------------------------------------------------------------------------
  app.get(
    '/api/report',
    { ...bearer, schema: doc(T.catalogue, 'Why a product or shop can be reported', { response: res(c.shopReportReasonsResponse) }) },
    async () => ok(SHOP_REPORT_REASONS, 'Report reasons'),
  );
  app.post(
    '/api/report-shop-product',
    {
      ...bearer,
      schema: doc(T.catalogue, 'Report a product or a shop', {
        body: c.shopReportBody,
        response: { 201: c.shopReportResponse, ...errorResponses },
      }),
    },
    async (req, reply) => reply.status(201).send(ok(await reportShopOrProduct(db, me(req), req.body), 'Thanks, we will review it')),
  );
  app.get(
    '/api/report-shop-product',
    { ...bearer, schema: doc(T.catalogue, 'Your reports', { querystring: c.pageQuery, response: res(c.shopReportsResponse) }) },
    async (req) => list('Your reports', await myReports(db, me(req), req.query)),
  );
  app.get(
    '/api/report-shop-product/:id',
    { ...bearer, schema: doc(T.catalogue, 'One of your reports', { params: c.idParam, response: res(c.shopReportResponse) }) },
    async (req) => ok(await myReport(db, me(req), req.params.id), 'Report'),
  );
};
