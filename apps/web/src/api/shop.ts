import type { ApiBody, ApiData, ApiQuery, Pagination, ProductSearchInfo } from '@owo/contracts';
import { call } from './client';

// The ecommerce service's catalogue calls (/api/ecommerce): products, sections, categories, shops,
// places, wishlist and reports. Money is integer kobo throughout.

const E = '/api/ecommerce' as const;
export type Product = ApiData<'GET /api/ecommerce/api/product'>[number];
export type ProductVariation = Product['variations'][number];
export type Shop = ApiData<'GET /api/ecommerce/api/shop/single/:id'>;
export type Place = ApiData<'GET /api/ecommerce/api/shop/states'>[number];
export type Colour = ApiData<'GET /api/ecommerce/api/shop/get-colours'>[number];
export type Category = ApiData<'GET /api/ecommerce/api/category'>[number];
export type Subcategory = Category['subcategories'][number];
export type VariationType = Subcategory['variations'][number];
export type Section = ApiData<'GET /api/ecommerce/api/product/get-sections'>[number];
export type InventoryItem = ApiData<'GET /api/ecommerce/api/shop/inventory/:shopId'>[number];
export type Review = ApiData<'GET /api/ecommerce/api/product/get-product-reviews/:id'>[number];
export type ReportReason = ApiData<'GET /api/ecommerce/api/report'>[number];
export type ProductFilters = Omit<ApiQuery<'GET /api/ecommerce/api/product'>, 'page' | 'limit'>;
export type CreateProductInput = ApiBody<'POST /api/ecommerce/api/product'>;
export type EditProductInput = ApiBody<'PATCH /api/ecommerce/api/product/edit-product'>;
export type CreateShopInput = ApiBody<'POST /api/ecommerce/api/shop'>;
export type ReportInput = ApiBody<'POST /api/ecommerce/api/report-shop-product'>;
export type IncreaseStockInput = ApiBody<'PATCH /api/ecommerce/api/product/stock/increase-product-stock-new'>;
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** A page of a list as the screens keep it: the items and the next page, if any. */
export interface ListPage<T> {
  items: T[];
  next: number | null;
  total: number;
  /** A search's own answer: the words corrected, a suggestion when nothing matched, a capped total. */
  search?: ProductSearchInfo;
}
const asPage = <T>(res: { data: T[]; pagination?: Pagination; search?: ProductSearchInfo }): ListPage<T> => ({
  items: res.data,
  next: res.pagination?.next?.page ?? null,
  total: res.pagination?.total ?? res.data.length,
  ...(res.search ? { search: res.search } : {}),
});
export type { ProductSearchInfo };
export type Suggestion = ApiData<'GET /api/ecommerce/api/product/suggest'>;
export type SearchFacets = ApiData<'GET /api/ecommerce/api/product/search-facets'>;

/** The product lists the screens show; the home's sections each have one. */
export type ProductSource =
  | { kind: 'search'; filters: ProductFilters }
  | { kind: 'category'; category: string }
  | { kind: 'section'; id: string; at?: Coordinates }
  | { kind: 'shop'; shopId: string }
  | { kind: 'mine'; shopId: string }
  | { kind: 'wishlist' };

/** The sections the server names in get-sections, each with its own call. */
export const SECTION_IDS = [
  'top-deals',
  'flash-sales',
  'keep-shopping',
  'products-near-you',
  'popular-products',
  'appliance-deals',
  'big-savings',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];
export const isSectionId = (id: string): id is SectionId => (SECTION_IDS as readonly string[]).includes(id);

const auth = { requireToken: true } as const;
export const PRODUCTS_PAGE = 20;
const SECTION_PAGE = 10;

function section(id: SectionId, query: ApiQuery<'GET /api/ecommerce/api/product/top-deals'>, signal?: AbortSignal) {
  const o = { ...auth, query, signal };
  switch (id) {
    case 'top-deals':
      return call(`GET ${E}/api/product/top-deals`, o);
    case 'flash-sales':
      return call(`GET ${E}/api/product/flash-sales`, o);
    case 'keep-shopping':
      return call(`GET ${E}/api/product/keep-shopping`, o);
    case 'products-near-you':
      return call(`GET ${E}/api/product/products-near-you`, o);
    case 'popular-products':
      return call(`GET ${E}/api/product/popular-products`, o);
    case 'appliance-deals':
      return call(`GET ${E}/api/product/appliance-deals`, o);
    case 'big-savings':
      return call(`GET ${E}/api/product/big-savings`, o);
  }
}

/** The ecommerce service's calls the Shop screens make. */
export const shopApi = {
  suggest: (q: string, signal?: AbortSignal) => call(`GET ${E}/api/product/suggest`, { ...auth, signal, query: { q } }),
  facets: (filters: ProductFilters, signal?: AbortSignal) =>
    call(`GET ${E}/api/product/search-facets`, { ...auth, signal, query: { ...filters, page: 1, limit: 20 } }),
  async products(source: ProductSource, page: number, signal?: AbortSignal): Promise<ListPage<Product>> {
    const o = { ...auth, signal };
    const paging = { page, limit: PRODUCTS_PAGE };
    switch (source.kind) {
      case 'search':
        return asPage(await call(`GET ${E}/api/product`, { ...o, query: { ...source.filters, ...paging } }));
      case 'category': {
        const res = await call(`GET ${E}/api/product/filter`, { ...o, query: { category: source.category, ...paging } });
        return asPage({ data: res.data.results, pagination: res.pagination });
      }
      case 'section': {
        if (!isSectionId(source.id)) return { items: [], next: null, total: 0 };
        return asPage(await section(source.id, { page, limit: SECTION_PAGE, ...source.at }, signal));
      }
      case 'shop':
        return asPage(await call(`GET ${E}/api/product/shop-products/:shopId`, { ...o, params: { shopId: source.shopId }, query: paging }));
      case 'mine':
        return asPage(
          await call(`GET ${E}/api/product/my-shop-products/:shopId`, { ...o, params: { shopId: source.shopId }, query: paging }),
        );
      case 'wishlist':
        return asPage(await call(`GET ${E}/api/wishlist/products`, { ...o, query: paging }));
    }
  },
  sections: () => call(`GET ${E}/api/product/get-sections`, auth),
  /** Opens a product: its details, and the view is recorded. */
  view: (id: string) => call(`PATCH ${E}/api/product/view/:id`, { ...auth, params: { id } }),
  /** What delivering one of a product costs to the shopper's default address (the checkout's price). */
  deliveryEstimate: (id: string, signal?: AbortSignal) =>
    call(`GET ${E}/api/product/delivery-estimate/:id`, { ...auth, params: { id }, query: {}, signal }),
  myProduct: (shopId: string, productId: string) =>
    call(`GET ${E}/api/product/my-single-shop-product/:shopId/:productId`, { ...auth, params: { shopId, productId } }),
  reviews: async (id: string, page: number, signal?: AbortSignal) =>
    asPage(await call(`GET ${E}/api/product/get-product-reviews/:id`, { ...auth, params: { id }, query: { page, limit: 10 }, signal })),
  createProduct: (body: CreateProductInput) => call(`POST ${E}/api/product`, { ...auth, body }),
  editProduct: (body: EditProductInput) => call(`PATCH ${E}/api/product/edit-product`, { ...auth, body }),
  deleteProduct: (id: string) => call(`PATCH ${E}/api/product/delete/:id`, { ...auth, params: { id } }),
  increaseStock: (body: IncreaseStockInput) => call(`PATCH ${E}/api/product/stock/increase-product-stock-new`, { ...auth, body }),

  categories: () => call(`GET ${E}/api/category`, auth),
  colours: () => call(`GET ${E}/api/shop/get-colours`, auth),
  states: () => call(`GET ${E}/api/shop/states`, auth),
  lgas: (stateId: string) => call(`GET ${E}/api/shop/states/:stateId`, { ...auth, params: { stateId } }),

  addToWishlist: (productId: string) => call(`POST ${E}/api/wishlist/:productId`, { ...auth, params: { productId } }),
  removeFromWishlist: (productId: string) => call(`DELETE ${E}/e-comm/api/wishlist/:id`, { ...auth, params: { id: productId } }),

  createShop: (body: CreateShopInput) => call(`POST ${E}/api/shop`, { ...auth, body }),
  /** The signed-in person's shop, or null when they have none yet. */
  myShop: async () => (await call(`GET ${E}/api/shop/me`, auth)).data,
  shop: (id: string) => call(`GET ${E}/api/shop/single/:id`, { ...auth, params: { id } }),
  follow: (id: string) => call(`PATCH ${E}/api/shop/follow-shop/:id`, { ...auth, params: { id } }),
  followings: async (page: number, signal?: AbortSignal) =>
    asPage(await call(`GET ${E}/api/shop/followings`, { ...auth, query: { page, limit: 20 }, signal })),
  nearby: async (at: Coordinates & { radiusKm: number }, page: number) =>
    asPage(await call(`POST ${E}/api/shop/search`, { ...auth, body: { ...at, page, limit: 20 } })),
  inventory: async (shopId: string, page: number, signal?: AbortSignal) =>
    asPage(await call(`GET ${E}/api/shop/inventory/:shopId`, { ...auth, params: { shopId }, query: { page, limit: 20 }, signal })),

  reportReasons: () => call(`GET ${E}/api/report`, auth),
  report: (body: ReportInput) => call(`POST ${E}/api/report-shop-product`, { ...auth, body }),
};
