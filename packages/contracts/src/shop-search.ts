import { z } from 'zod';
import { envelope, paginated } from './common.js';
import { place, product } from './shop.js';

// Product search (ecommerce service): the search's own answer beside the page, suggestions as
// one types, counts per category and price range, and shops by name. Money is integer kobo.

export const productSearchInfo = z.object({
  query: z.string(),
  correctedQuery: z.string().nullable().describe('the words searched for when some were misspelt ("samsung" for "samsnug")'),
  didYouMean: z.string().nullable().describe('when nothing matched: a query that may'),
  totalIsAtLeast: z.boolean().describe('true when there are more matches than the total counted ("1,000+")'),
});
export type ProductSearchInfo = z.infer<typeof productSearchInfo>;
/** A page of products; with words, what was searched for. */
export const productSearchResponse = paginated(product).extend({ search: productSearchInfo.optional() });

const q = z.string().trim().min(1, 'Type something to search for').max(80, 'A search is at most 80 characters');
export const suggestQuery = z.object({ q });
export const suggestion = z.object({
  words: z.array(z.string()).describe('completions of the last word from the catalogue’s words'),
  products: z.array(z.object({ id: z.uuid(), name: z.string(), price: z.number().int(), image: z.string().nullable(), category: place })),
  categories: z.array(z.object({ id: z.string(), name: z.string(), subcategory: place.nullable() })),
  shops: z.array(z.object({ id: z.uuid(), name: z.string(), logoUrl: z.string().nullable(), state: place, lga: place })),
});
export type Suggestion = z.infer<typeof suggestion>;
export const suggestResponse = envelope(suggestion);

export const searchFacets = z.object({
  categories: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })),
  prices: z.array(z.object({ min: z.number().int(), max: z.number().int().nullable(), count: z.number().int() })),
  sampled: z.boolean().describe('true when the counts are from the first 5,000 matches only'),
});
export type SearchFacets = z.infer<typeof searchFacets>;
export const searchFacetsResponse = envelope(searchFacets);

export const shopSearchQuery = z.object({
  q,
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(50, 'limit is at most 50').default(20),
});
export const shopHit = z.object({
  id: z.uuid(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  state: place,
  lga: place,
  productsCount: z.number().int(),
  rating: z.number().nullable(),
});
export type ShopHit = z.infer<typeof shopHit>;
export const shopSearchResponse = paginated(shopHit);
