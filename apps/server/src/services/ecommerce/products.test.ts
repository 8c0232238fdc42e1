import { beforeAll, describe, expect, it } from 'vitest';
import type { Product, Shop } from '@owo/contracts';
import { fileApp, newUser } from '../../test/harness.js';
import { catalogueKit, IKEJA, shopCalls } from './shop-test-kit.js';

const t = fileApp();

const { call, ok, page } = shopCalls(() => t);
const { upload, seller, product } = catalogueKit(() => t);

describe('products', () => {
  const gownBody = (images: string[]) => ({
    name: 'Ankara Gown',
    description: 'Flowing wax-print gown',
    categoryId: 'fashion',
    subcategoryId: 'women',
    images,
    price: 1_500_000,
    oldPrice: 2_000_000,
    variations: [
      { size: 'M', colourId: 'red', stock: 3 },
      { size: 'L', colourId: 'blue', price: 1_700_000, stock: 4 },
    ],
  });
  /** A seller with a shop and the Ankara gown (two images, sizes M and L). */
  async function gown() {
    const { u, shop } = await seller();
    const [a, b] = [await upload(u, '#aa3333'), await upload(u, '#3333aa')];
    const p = await ok<Product>(u, 'POST', '/api/product', gownBody([a.url, b.url]));
    return { u, shop, p, images: [a.url, b.url] };
  }
  /** The gown renamed, its M kept with 2, L dropped and XL added with 1. */
  async function editedGown() {
    const g = await gown();
    const edited = await ok<Product>(g.u, 'PATCH', '/api/product/edit-product', {
      productId: g.p.id,
      name: 'Ankara Maxi Gown',
      variations: [
        { id: g.p.variations[0]!.id, size: 'M', colourId: 'red', stock: 2 },
        { size: 'XL', colourId: 'green', stock: 1 },
      ],
    });
    return { ...g, edited };
  }

  it('uploads a product with its images and variations, its stock theirs added up', async () => {
    const { shop, p, images } = await gown();
    expect(p).toMatchObject({
      name: 'Ankara Gown',
      price: 1_500_000,
      oldPrice: 2_000_000,
      discountPercent: 25,
      stock: 7,
      shop: { id: shop.id },
    });
    expect(p.images.map((i) => i.url)).toEqual(images);
    expect(p.variations.map((v) => [v.size, v.colour?.name, v.price, v.stock])).toEqual([
      ['M', 'Red', 1_500_000, 3],
      ['L', 'Blue', 1_700_000, 4],
    ]);
  });

  it.each([
    ['a product without its required fields', { name: 'x', subcategoryId: 'women' }],
    ['a subcategory of another category', { name: 'Gown', subcategoryId: 'laptops' }],
    ['an old price below the price', { name: 'Gown', subcategoryId: 'women', oldPrice: 50 }],
  ])('refuses %s (400)', async (_, over) => {
    const { u } = await seller();
    const img = await upload(u);
    const res = await call(u, 'POST', '/api/product', { categoryId: 'fashion', images: [img.url], price: 100, ...over });
    expect(res.statusCode).toBe(400);
  });

  it('refuses an upload without a token (401)', async () => {
    expect((await call(null, 'POST', '/api/product', {})).statusCode).toBe(401);
  });

  it('refuses an upload from someone without a shop (403)', async () => {
    const { u } = await seller();
    const img = await upload(u);
    const stranger = await newUser(t.app);
    const body = { name: 'Gown', categoryId: 'fashion', subcategoryId: 'women', images: [img.url], price: 100 };
    expect((await call(stranger, 'POST', '/api/product', body)).statusCode).toBe(403);
  });

  describe('only the owner changes a product or reads the shop’s own lists', () => {
    let g: Awaited<ReturnType<typeof gown>>;
    let rival: Awaited<ReturnType<typeof seller>>['u'];
    beforeAll(async () => {
      g = await gown();
      rival = (await seller()).u;
    });
    it.each([
      ['PATCH', '/api/product/edit-product', 'edit'],
      ['PATCH', '/api/product/delete/:p', 'delete'],
      ['PATCH', '/api/product/stock/increase-product-stock-new', 'stock'],
      ['GET', '/api/shop/inventory/:s', undefined],
      ['GET', '/api/product/my-shop-products/:s', undefined],
      ['GET', '/api/product/my-single-shop-product/:s/:p', undefined],
    ] as const)('refuses another seller’s %s %s (403)', async (method, path, body) => {
      const url = path.replace(':p', g.p.id).replace(':s', g.shop.id);
      const payload = {
        edit: { productId: g.p.id, price: 1 },
        stock: { productId: g.p.id, variationId: g.p.variations[0]!.id, quantity: 5 },
        delete: undefined,
      };
      const res = await call(rival, method, url, body ? payload[body] : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    });
    it('answers the owner’s own product', async () => {
      expect((await ok<Product>(g.u, 'GET', `/api/product/my-single-shop-product/${g.shop.id}/${g.p.id}`)).id).toBe(g.p.id);
    });
  });

  it('edits a product’s name and variations, its stock following them', async () => {
    const { edited } = await editedGown();
    expect(edited.name).toBe('Ankara Maxi Gown');
    expect(edited.variations.map((v) => [v.size, v.stock])).toEqual([
      ['M', 2],
      ['XL', 1],
    ]);
    expect(edited.stock).toBe(3);
  });

  it('adds stock to a variation, the product’s stock following', async () => {
    const { u, p, edited } = await editedGown();
    const stocked = await ok<Product>(u, 'PATCH', '/api/product/stock/increase-product-stock-new', {
      productId: p.id,
      variationId: edited.variations[1]!.id,
      quantity: 9,
    });
    expect(stocked.stock).toBe(12);
  });

  it('refuses stock for a product with variations that names none (400)', async () => {
    const { u, p } = await gown();
    expect((await call(u, 'PATCH', '/api/product/stock/increase-product-stock-new', { productId: p.id, quantity: 1 })).statusCode).toBe(
      400,
    );
  });

  it('counts a shopper’s view in the inventory, with low stock per variation, and keeps the product for the shopper', async () => {
    const { u, shop, p, edited } = await editedGown();
    await ok(u, 'PATCH', '/api/product/stock/increase-product-stock-new', {
      productId: p.id,
      variationId: edited.variations[1]!.id,
      quantity: 9,
    });
    const shopper = await newUser(t.app);
    expect((await ok<Product>(shopper, 'PATCH', `/api/product/view/${p.id}`)).views).toBe(1);
    const inv = await page<{ productId: string; views: number; lowStock: boolean; variations: { label: string; lowStock: boolean }[] }>(
      u,
      `/api/shop/inventory/${shop.id}`,
    );
    expect(inv.data[0]).toMatchObject({ productId: p.id, views: 1, lowStock: false });
    expect(inv.data[0]!.variations).toEqual([
      expect.objectContaining({ label: 'M · Red', lowStock: true }),
      expect.objectContaining({ label: 'XL · Green', lowStock: false }),
    ]);
    expect((await page<Product>(shopper, '/api/product/keep-shopping')).data.map((x) => x.id)).toEqual([p.id]);
  });

  describe('finding products', () => {
    let w: { tag: string; gown: Product; kano: Product; cheap: Product; shopper: Awaited<ReturnType<typeof newUser>> };
    beforeAll(async () => {
      const tag = Math.random().toString(36).slice(2, 6);
      const { u: lagosSeller } = await seller(IKEJA, `Mama Put ${tag}`);
      const { u: kanoSeller } = await seller({ stateId: 'kano', lgaId: 'kano-municipal', latitude: 12.0022, longitude: 8.592 });
      const gown = await product(lagosSeller, { name: `Agbada Kaftan ${tag}`, price: 2_500_000 });
      const kano = await product(kanoSeller, { name: `Agbada Kaftan ${tag}`, price: 3_000_000 });
      const cheap = await product(lagosSeller, {
        name: `Rice 50kg ${tag}`,
        categoryId: 'groceries',
        subcategoryId: 'staples',
        price: 7_000_000,
      });
      w = { tag, gown, kano, cheap, shopper: await newUser(t.app) };
    });

    it('finds products by a misspelled search', async () => {
      const typo = await page<Product>(w.shopper, `/api/product?search=${encodeURIComponent(`agbda kaftn ${w.tag}`)}`);
      expect(typo.data.map((x) => x.id)).toEqual(expect.arrayContaining([w.gown.id, w.kano.id]));
    });

    it('finds products of the shops in a state and LGA, every word matched first', async () => {
      const inLagos = await page<Product>(
        w.shopper,
        `/api/product?search=${encodeURIComponent(`agbada ${w.tag}`)}&stateQuery=Lagos&lgaQuery=ikeja`,
      );
      // Every word first; products with some of them (other agbadas in Ikeja) after.
      expect(inLagos.data[0]?.id).toBe(w.gown.id);
      expect(inLagos.data.filter((x) => x.name === `Agbada Kaftan ${w.tag}`).map((x) => x.id)).toEqual([w.gown.id]);
      expect(inLagos.data.every((x) => x.shop.lga.id === 'ikeja')).toBe(true);
      const inKano = await page<Product>(w.shopper, `/api/product?stateQuery=kano&search=${w.tag}`);
      expect(inKano.data.map((x) => x.id)).toEqual([w.kano.id]);
    });

    it('refuses an unknown state (400)', async () => {
      expect((await call(w.shopper, 'GET', '/api/product?stateQuery=Atlantis')).statusCode).toBe(400);
    });

    it('finds products from a price up', async () => {
      const pricey = await page<Product>(w.shopper, `/api/product?search=${w.tag}&minPrice=2600000`);
      expect(pricey.data.map((x) => x.id).sort()).toEqual([w.kano.id, w.cheap.id].sort());
    });

    it('finds shops by name', async () => {
      const byShop = await page<{ name: string }>(w.shopper, `/api/shop/find?q=${encodeURIComponent(`mama put ${w.tag}`)}`);
      expect(byShop.data.map((x) => x.name)).toEqual([`Mama Put ${w.tag}`]);
    });

    it('answers the filter under data.results, and refuses it without a category (400)', async () => {
      const filtered = await call(w.shopper, 'GET', '/api/product/filter?category=groceries&page=1');
      expect((filtered.json() as { data: { results: Product[] } }).data.results.map((x) => x.id)).toContain(w.cheap.id);
      expect((await call(w.shopper, 'GET', '/api/product/filter?page=1')).statusCode).toBe(400);
    });

    it('lists a category’s products', async () => {
      expect((await page<Product>(w.shopper, '/api/product/product-categories/groceries')).data.map((x) => x.id)).toContain(w.cheap.id);
    });

    it('refuses page 0 (400)', async () => {
      expect((await call(w.shopper, 'GET', '/api/product?page=0')).statusCode).toBe(400);
    });
  });

  it('pages a shop’s products newest first with the right total on full, last, past-the-end and search pages', async () => {
    const tag = Math.random().toString(36).slice(2, 6);
    const { u, shop } = await seller();
    const made: Product[] = [];
    for (let i = 0; i < 5; i++) made.push(await product(u, { name: `Ankara wrap ${tag} ${i}` }));
    const newest = made.map((x) => x.id).reverse();
    const shopper = await newUser(t.app);
    const at = (n: number) => page<Product>(shopper, `/api/product/shop-products/${shop.id}?page=${n}&limit=2`);
    const [p1, p2, p3, p4] = [await at(1), await at(2), await at(3), await at(4)];
    expect([...p1.data, ...p2.data, ...p3.data].map((x) => x.id)).toEqual(newest);
    expect([p1, p2, p3, p4].map((x) => x.pagination.total)).toEqual([5, 5, 5, 5]);
    expect([p1, p2, p3].map((x) => x.pagination.next?.page ?? null)).toEqual([2, 3, null]);
    expect(p4.data).toEqual([]);
    const found = await page<Product>(shopper, `/api/product?search=${encodeURIComponent(`ankara ${tag}`)}&limit=2`);
    expect(found.data.map((x) => x.name.includes(tag))).toEqual([true, true]);
    expect(found.pagination.total).toBeGreaterThanOrEqual(5);
    const none = await page<Product>(shopper, `/api/product/shop-products/${(await seller()).shop.id}`);
    expect([none.data, none.pagination.total]).toEqual([[], 0]);
  });

  it('keeps each category’s and shop’s total through uploads, a change of category and deletes, equal to a count of the matches', async () => {
    const { u, shop } = await seller();
    const shopper = await newUser(t.app);
    const totals = async (category: string) => {
      const filter = (await call(shopper, 'GET', `/api/product/filter?category=${category}&page=1&limit=1`)).json() as {
        data: { total: number };
      };
      const byPage = (await page<Product>(shopper, `/api/product/product-categories/${category}?limit=1`)).pagination.total;
      const listed = (await page<Product>(shopper, `/api/product?category=${category}&limit=1`)).pagination.total;
      // The same filter with a price range is counted from the products themselves.
      const counted = (await page<Product>(shopper, `/api/product?category=${category}&minPrice=0&limit=1`)).pagination.total;
      expect([filter.data.total, byPage, listed]).toEqual([counted, counted, counted]);
      return counted;
    };
    const [food0, wear0] = [await totals('groceries'), await totals('fashion')];
    const rice = await product(u, { name: 'Ofada rice', categoryId: 'groceries', subcategoryId: 'staples' });
    await product(u, { name: 'Garri 5kg', categoryId: 'groceries', subcategoryId: 'staples' });
    expect([await totals('groceries'), await totals('fashion')]).toEqual([food0 + 2, wear0]);
    await ok(u, 'PATCH', '/api/product/edit-product', { productId: rice.id, categoryId: 'fashion', subcategoryId: 'men' });
    expect([await totals('groceries'), await totals('fashion')]).toEqual([food0 + 1, wear0 + 1]);
    await ok(u, 'PATCH', `/api/product/delete/${rice.id}`);
    expect((await call(u, 'PATCH', `/api/product/delete/${rice.id}`)).statusCode).toBe(404);
    expect([await totals('groceries'), await totals('fashion')]).toEqual([food0 + 1, wear0]);
    // The shop's count of its products, kept the same way, against its product list's total.
    const listed = (await page<Product>(shopper, `/api/product/shop-products/${shop.id}?limit=1`)).pagination.total;
    expect(listed).toBe(1);
    expect((await ok<Shop>(shopper, 'GET', `/api/shop/single/${shop.id}`)).productsCount).toBe(listed);
  });

  describe('a soft-deleted product', () => {
    const lists = (shopId: string, tag: string) => [
      `/api/product?search=${tag}`,
      '/api/product/top-deals?limit=50',
      '/api/product/flash-sales?limit=50',
      '/api/product/appliance-deals?limit=50',
      '/api/product/big-savings?limit=50',
      '/api/product/keep-shopping',
      `/api/product/shop-products/${shopId}`,
      '/api/wishlist/products',
      '/api/product/popular-products?limit=50',
      '/api/product/products-near-you?latitude=6.6&longitude=3.35&limit=50',
    ];
    /** A discounted blender on a flash sale, wishlisted and viewed by a shopper. */
    async function blender() {
      const { u, shop } = await seller();
      const tag = Math.random().toString(36).slice(2, 6);
      const p = await product(u, {
        name: `Blender ${tag}`,
        categoryId: 'appliances',
        subcategoryId: 'kitchen-appliances',
        price: 4_000_000,
        oldPrice: 6_000_000,
        flashSaleEndsAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      const shopper = await newUser(t.app);
      await ok(shopper, 'POST', `/api/wishlist/${p.id}`);
      await ok(shopper, 'PATCH', `/api/product/view/${p.id}`);
      return { u, p, shopper, urls: lists(shop.id, tag) };
    }

    it('is in every list, the wishlist and the sections while it is live', async () => {
      const { p, shopper, urls } = await blender();
      for (const url of urls)
        expect(
          (await page<Product>(shopper, url)).data.map((x) => x.id),
          url,
        ).toContain(p.id);
      const sections = await ok<{ id: string; endsAt: string | null }[]>(shopper, 'GET', '/api/product/get-sections');
      expect(sections.find((s) => s.id === 'flash-sales')!.endsAt).not.toBeNull();
    });

    it('is gone from every list, the wishlist and the sections once deleted', async () => {
      const { u, p, shopper, urls } = await blender();
      await ok(u, 'PATCH', `/api/product/delete/${p.id}`);
      for (const url of urls)
        expect(
          (await page<Product>(shopper, url)).data.map((x) => x.id),
          url,
        ).not.toContain(p.id);
    });

    it('answers 404 to its details and to a second delete', async () => {
      const { u, p, shopper } = await blender();
      await ok(u, 'PATCH', `/api/product/delete/${p.id}`);
      expect((await call(shopper, 'PATCH', `/api/product/view/${p.id}`)).statusCode).toBe(404);
      expect((await call(u, 'PATCH', `/api/product/delete/${p.id}`)).statusCode).toBe(404);
    });
  });

  it('asks for the shopper’s location before listing products near them', async () => {
    const shopper = await newUser(t.app);
    expect((await call(shopper, 'GET', '/api/product/products-near-you')).json()).toMatchObject({
      message: 'Share your location to see products near you',
    });
  });
});
