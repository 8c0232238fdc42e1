import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Shop } from '@owo/contracts';
import { createTestApp, newUser, type TestContext } from '../../test/harness.js';
import { catalogueKit, IKEJA, shopCalls } from './shop-test-kit.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { call, ok, page } = shopCalls(() => t);
const { upload, seller, product } = catalogueKit(() => t);

describe('products', () => {
  it('uploads with images and variations; only the owner edits, deletes, adds stock or reads the inventory', async () => {
    const { u, shop } = await seller();
    const [a, b] = [await upload(u, '#aa3333'), await upload(u, '#3333aa')];
    const p = await ok<Product>(u, 'POST', '/api/product', {
      name: 'Ankara Gown',
      description: 'Flowing wax-print gown',
      categoryId: 'fashion',
      subcategoryId: 'women',
      images: [a.url, b.url],
      price: 1_500_000,
      oldPrice: 2_000_000,
      variations: [
        { size: 'M', colourId: 'red', stock: 3 },
        { size: 'L', colourId: 'blue', price: 1_700_000, stock: 4 },
      ],
    });
    expect(p).toMatchObject({
      name: 'Ankara Gown',
      price: 1_500_000,
      oldPrice: 2_000_000,
      discountPercent: 25,
      stock: 7,
      shop: { id: shop.id },
    });
    expect(p.images.map((i) => i.url)).toEqual([a.url, b.url]);
    expect(p.variations.map((v) => [v.size, v.colour?.name, v.price, v.stock])).toEqual([
      ['M', 'Red', 1_500_000, 3],
      ['L', 'Blue', 1_700_000, 4],
    ]);
    const created = await call(u, 'POST', '/api/product', {
      name: 'x',
      categoryId: 'fashion',
      subcategoryId: 'women',
      images: [a.url],
      price: 100,
    });
    expect(created.statusCode).toBe(400);
    expect(
      (
        await call(u, 'POST', '/api/product', {
          name: 'Gown',
          categoryId: 'fashion',
          subcategoryId: 'laptops',
          images: [a.url],
          price: 100,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(u, 'POST', '/api/product', {
          name: 'Gown',
          categoryId: 'fashion',
          subcategoryId: 'women',
          images: [a.url],
          price: 100,
          oldPrice: 50,
        })
      ).statusCode,
    ).toBe(400);
    expect((await call(null, 'POST', '/api/product', {})).statusCode).toBe(401);
    const stranger = await newUser(t.app);
    const noShop = await call(stranger, 'POST', '/api/product', {
      name: 'Gown',
      categoryId: 'fashion',
      subcategoryId: 'women',
      images: [a.url],
      price: 100,
    });
    expect(noShop.statusCode).toBe(403);

    const { u: rival } = await seller();
    for (const [method, url, body] of [
      ['PATCH', '/api/product/edit-product', { productId: p.id, price: 1 }],
      ['PATCH', `/api/product/delete/${p.id}`, undefined],
      ['PATCH', '/api/product/stock/increase-product-stock-new', { productId: p.id, variationId: p.variations[0]!.id, quantity: 5 }],
      ['GET', `/api/shop/inventory/${shop.id}`, undefined],
      ['GET', `/api/product/my-shop-products/${shop.id}`, undefined],
      ['GET', `/api/product/my-single-shop-product/${shop.id}/${p.id}`, undefined],
    ] as const) {
      const res = await call(rival, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await ok<Product>(u, 'GET', `/api/product/my-single-shop-product/${shop.id}/${p.id}`)).id).toBe(p.id);

    const edited = await ok<Product>(u, 'PATCH', '/api/product/edit-product', {
      productId: p.id,
      name: 'Ankara Maxi Gown',
      variations: [
        { id: p.variations[0]!.id, size: 'M', colourId: 'red', stock: 2 },
        { size: 'XL', colourId: 'green', stock: 1 },
      ],
    });
    expect(edited.name).toBe('Ankara Maxi Gown');
    expect(edited.variations.map((v) => [v.size, v.stock])).toEqual([
      ['M', 2],
      ['XL', 1],
    ]);
    expect(edited.stock).toBe(3);
    const stocked = await ok<Product>(u, 'PATCH', '/api/product/stock/increase-product-stock-new', {
      productId: p.id,
      variationId: edited.variations[1]!.id,
      quantity: 9,
    });
    expect(stocked.stock).toBe(12);
    expect((await call(u, 'PATCH', '/api/product/stock/increase-product-stock-new', { productId: p.id, quantity: 1 })).statusCode).toBe(
      400,
    );

    // A shopper's view is counted in the inventory.
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

  it('finds products by a misspelled search, by the shop’s state and LGA, category and price, and shops by name; the filter answers under data.results', async () => {
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
    const shopper = await newUser(t.app);
    const typo = await page<Product>(shopper, `/api/product?search=${encodeURIComponent(`agbda kaftn ${tag}`)}`);
    expect(typo.data.map((x) => x.id)).toEqual(expect.arrayContaining([gown.id, kano.id]));
    const inLagos = await page<Product>(
      shopper,
      `/api/product?search=${encodeURIComponent(`agbada ${tag}`)}&stateQuery=Lagos&lgaQuery=ikeja`,
    );
    // Every word first; products with some of them (other agbadas in Ikeja) after.
    expect(inLagos.data[0]?.id).toBe(gown.id);
    expect(inLagos.data.filter((x) => x.name === `Agbada Kaftan ${tag}`).map((x) => x.id)).toEqual([gown.id]);
    expect(inLagos.data.every((x) => x.shop.lga.id === 'ikeja')).toBe(true);
    const inKano = await page<Product>(shopper, `/api/product?stateQuery=kano&search=${tag}`);
    expect(inKano.data.map((x) => x.id)).toEqual([kano.id]);
    expect((await call(shopper, 'GET', '/api/product?stateQuery=Atlantis')).statusCode).toBe(400);
    const pricey = await page<Product>(shopper, `/api/product?search=${tag}&minPrice=2600000`);
    expect(pricey.data.map((x) => x.id).sort()).toEqual([kano.id, cheap.id].sort());
    const byShop = await page<{ name: string }>(shopper, `/api/shop/find?q=${encodeURIComponent(`mama put ${tag}`)}`);
    expect(byShop.data.map((x) => x.name)).toEqual([`Mama Put ${tag}`]);
    const filtered = await call(shopper, 'GET', '/api/product/filter?category=groceries&page=1');
    expect((filtered.json() as { data: { results: Product[] } }).data.results.map((x) => x.id)).toContain(cheap.id);
    expect((await call(shopper, 'GET', '/api/product/filter?page=1')).statusCode).toBe(400);
    expect((await page<Product>(shopper, '/api/product/product-categories/groceries')).data.map((x) => x.id)).toContain(cheap.id);
    expect((await call(shopper, 'GET', '/api/product?page=0')).statusCode).toBe(400);
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

  it('soft-deletes: gone from every list, the wishlist and sections; its details answer 404', async () => {
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
    const lists = [
      `/api/product?search=${tag}`,
      '/api/product/top-deals?limit=50',
      '/api/product/flash-sales?limit=50',
      '/api/product/appliance-deals?limit=50',
      '/api/product/big-savings?limit=50',
      '/api/product/keep-shopping',
      `/api/product/shop-products/${shop.id}`,
      '/api/wishlist/products',
      '/api/product/popular-products?limit=50',
      '/api/product/products-near-you?latitude=6.6&longitude=3.35&limit=50',
    ];
    for (const url of lists)
      expect(
        (await page<Product>(shopper, url)).data.map((x) => x.id),
        url,
      ).toContain(p.id);
    const sections = await ok<{ id: string; endsAt: string | null }[]>(shopper, 'GET', '/api/product/get-sections');
    expect(sections.find((s) => s.id === 'flash-sales')!.endsAt).not.toBeNull();
    await ok(u, 'PATCH', `/api/product/delete/${p.id}`);
    for (const url of lists)
      expect(
        (await page<Product>(shopper, url)).data.map((x) => x.id),
        url,
      ).not.toContain(p.id);
    expect((await call(shopper, 'PATCH', `/api/product/view/${p.id}`)).statusCode).toBe(404);
    expect((await call(u, 'PATCH', `/api/product/delete/${p.id}`)).statusCode).toBe(404);
    expect((await call(shopper, 'GET', '/api/product/products-near-you')).json()).toMatchObject({
      message: 'Share your location to see products near you',
    });
  });
});
