import { type InfiniteData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../api/client';
import { usePagedList } from '../../lib/use-paged-list';
import { type Coordinates, type ListPage, type Product, type ProductSource, type Shop, shopApi } from '../../api/shop';

/** Every query of the area sits under `SHOP`; product lists under `PRODUCTS`, so a change to a product reaches each. */
const SHOP = ['shop'] as const;
const PRODUCTS = [...SHOP, 'products'] as const;
export const shopKeys = {
  all: SHOP,
  products: PRODUCTS,
  list: (source: ProductSource) => [...PRODUCTS, source] as const,
  product: (id: string) => [...SHOP, 'product', id] as const,
  deliveryEstimate: (id: string) => [...SHOP, 'delivery-estimate', id] as const,
  myProduct: (id: string) => [...SHOP, 'my-product', id] as const,
  reviews: (id: string) => [...SHOP, 'reviews', id] as const,
  sections: [...SHOP, 'sections'] as const,
  categories: [...SHOP, 'categories'] as const,
  colours: [...SHOP, 'colours'] as const,
  states: [...SHOP, 'states'] as const,
  lgas: (stateId: string) => [...SHOP, 'lgas', stateId] as const,
  myShop: [...SHOP, 'my-shop'] as const,
  shop: (id: string) => [...SHOP, 'shop', id] as const,
  followings: [...SHOP, 'followings'] as const,
  nearby: (at: Coordinates | null, radiusKm: number) => [...SHOP, 'nearby', at, radiusKm] as const,
  inventory: (shopId: string) => [...SHOP, 'inventory', shopId] as const,
  reasons: [...SHOP, 'report-reasons'] as const,
};

/** The failure text of a product list (spec section 8). */
export const PRODUCTS_ERROR = 'Error Fetching products';

/**
 * A product list a page at a time. While another list (a new filter or category) loads, the old
 * one stays on screen (`isPlaceholderData`); a list that fails is emptied (the screen shows the error only).
 */
export function useProductList(source: ProductSource, enabled = true) {
  const query = usePagedList(shopKeys.list(source), (page, signal) => shopApi.products(source, page, signal), {
    enabled,
    keepPrevious: true,
  });
  const failed = query.isError && !query.isFetchNextPageError;
  return { ...query, items: failed ? [] : query.items, failed };
}

type ProductsData = InfiniteData<ListPage<Product>>;

/** A product as some cached list already holds it (shown at once while its page loads). */
export function cachedProduct(qc: QueryClient, id: string): Product | undefined {
  for (const [, data] of qc.getQueriesData<ProductsData>({ queryKey: PRODUCTS })) {
    for (const page of data?.pages ?? []) {
      const found = page.items.find((p) => p.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * A product's page: opening it records the view (PATCH view/:id answers with the details). It is
 * fetched once per visit (never again in the background), so a view is not counted twice.
 */
export function useProduct(id: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: shopKeys.product(id),
    queryFn: async () => (await shopApi.view(id)).data,
    staleTime: Infinity,
    placeholderData: () => cachedProduct(qc, id),
  });
}

/** Applies `change` to the product in every cached list and on its page. */
export function patchProduct(qc: QueryClient, id: string, change: (p: Product) => Product): void {
  const apply = (p: Product) => (p.id === id ? change(p) : p);
  qc.setQueriesData<ProductsData>({ queryKey: PRODUCTS }, (d) =>
    d ? { ...d, pages: d.pages.map((pg) => ({ ...pg, items: pg.items.map(apply) })) } : d,
  );
  qc.setQueryData<Product>(shopKeys.product(id), (p) => (p ? apply(p) : p));
}

/** Takes a product out of every cached list (after it is deleted). */
export function dropProduct(qc: QueryClient, id: string): void {
  qc.setQueriesData<ProductsData>({ queryKey: PRODUCTS }, (d) =>
    d ? { ...d, pages: d.pages.map((pg) => ({ ...pg, items: pg.items.filter((p) => p.id !== id) })) } : d,
  );
}

/** The wishlist heart: shows at once everywhere, rolled back with a toast when the server refuses. */
export function useWishlistToggle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, add }: { id: string; add: boolean; name: string }) => {
      if (add) await shopApi.addToWishlist(id);
      else await shopApi.removeFromWishlist(id);
    },
    onMutate: async ({ id, add }) => {
      await qc.cancelQueries({ queryKey: PRODUCTS });
      const before = [...qc.getQueriesData({ queryKey: PRODUCTS }), ...qc.getQueriesData({ queryKey: shopKeys.product(id) })];
      patchProduct(qc, id, (p) => ({ ...p, isWishlisted: add }));
      return { before };
    },
    onError: (err, { add }, ctx) => {
      for (const [key, data] of ctx?.before ?? []) qc.setQueryData(key, data);
      toast.error(errorMessage(err, add ? "We couldn't add it to your wishlist." : "We couldn't take it off your wishlist."));
    },
    onSuccess: (_r, { add, name }) => {
      toast.success(add ? `${name} is on your wishlist` : `${name} is off your wishlist`);
      void qc.invalidateQueries({ queryKey: shopKeys.list({ kind: 'wishlist' }) });
    },
  });
}

export function useSections() {
  return useQuery({ queryKey: shopKeys.sections, queryFn: async () => (await shopApi.sections()).data, staleTime: 5 * 60_000 });
}

export function useCategories() {
  return useQuery({ queryKey: shopKeys.categories, queryFn: async () => (await shopApi.categories()).data, staleTime: 60 * 60_000 });
}

export function useColours(enabled = true) {
  return useQuery({
    queryKey: shopKeys.colours,
    queryFn: async () => (await shopApi.colours()).data,
    staleTime: 60 * 60_000,
    enabled,
  });
}

export function useStates() {
  return useQuery({ queryKey: shopKeys.states, queryFn: async () => (await shopApi.states()).data, staleTime: Infinity });
}

export function useLgas(stateId: string) {
  return useQuery({
    queryKey: shopKeys.lgas(stateId),
    queryFn: async () => (await shopApi.lgas(stateId)).data.lgas,
    enabled: Boolean(stateId),
    staleTime: Infinity,
  });
}

/** The signed-in person's shop; `null` when they have none yet. */
export function useMyShop() {
  return useQuery({ queryKey: shopKeys.myShop, queryFn: (): Promise<Shop | null> => shopApi.myShop() });
}

export function useShop(id: string) {
  return useQuery({ queryKey: shopKeys.shop(id), queryFn: async () => (await shopApi.shop(id)).data });
}

/** Follow or unfollow (the server toggles); the shop takes the server's answer. */
export function useFollowShop() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string; name: string }) => (await shopApi.follow(id)).data,
    onSuccess: (r, { name }) => {
      qc.setQueryData<Shop>(shopKeys.shop(r.id), (s) => (s ? { ...s, isFollowing: r.isFollowing, followersCount: r.followersCount } : s));
      void qc.invalidateQueries({ queryKey: shopKeys.followings });
      toast.success(r.isFollowing ? `You follow ${name}` : `You unfollowed ${name}`);
    },
    onError: (err) => toast.error(errorMessage(err, "We couldn't update the shops you follow. Please try again.")),
  });
}

export function useReportReasons(enabled: boolean) {
  return useQuery({
    queryKey: shopKeys.reasons,
    queryFn: async () => (await shopApi.reportReasons()).data,
    enabled,
    staleTime: Infinity,
  });
}
