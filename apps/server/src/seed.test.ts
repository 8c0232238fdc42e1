import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from './ledger/index.js';
import { DEMO_OPENING_BALANCE, DEMO_PASSWORD, DEMO_PIN, DEMO_USERS, seedDemo } from './seed.js';
import { auth, balancesOf, createTestApp, historyOf, json, type TestContext, type TestUser } from './test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('seeds once: verified people with a password, a PIN and an opening balance through the ledger', async () => {
    expect(await seedDemo(t.db)).toBe(true);
    expect(await seedDemo(t.db)).toBe(false);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/users/login',
      payload: { username: DEMO_USERS[0].phoneNumber, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const { id, accessToken } = json(login).data as { id: string; accessToken: string };
    const ada = { id, token: accessToken } as TestUser;
    expect((await balancesOf(t.app, ada)).walletBalance).toBe(Number(DEMO_OPENING_BALANCE));
    expect((await historyOf(t.app, ada)).data[0]).toMatchObject({
      type: 'funding',
      direction: 'credit',
      amount: Number(DEMO_OPENING_BALANCE),
    });
    // The PIN works for a payment.
    const tunde = (
      await t.app.inject({
        method: 'POST',
        url: '/api/user/users/login',
        payload: { username: DEMO_USERS[1].email, password: DEMO_PASSWORD },
      })
    ).json() as { data: { id: string } };
    const p = await t.app.inject({
      method: 'POST',
      url: '/api/transaction/api/v1/initiate',
      headers: auth(ada),
      payload: { type: 'sendMoney', recipientId: tunde.data.id, amount: 10_000 },
    });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/transaction/api/v1/complete',
      headers: auth(ada, { transactionPin: DEMO_PIN }),
      payload: { reference: (json(p).data as { reference: string }).reference },
    });
    expect(done.statusCode).toBe(200);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });
});

describe('the demo marketplace', () => {
  it('seeds a dozen shops in five cities with a couple of hundred products, pictures drawn at seed time; Tunde owns a shop', async () => {
    const m = await createTestApp();
    try {
      expect(await seedDemo(m.db, m.providers.storage)).toBe(true);
      const login = await m.app.inject({
        method: 'POST',
        url: '/api/user/users/login',
        payload: { username: DEMO_USERS[1].email, password: DEMO_PASSWORD },
      });
      const tunde = { token: (json(login).data as { accessToken: string }).accessToken };
      const mine = await m.app.inject({ method: 'GET', url: '/api/ecommerce/api/shop/me', headers: auth(tunde) });
      expect(json(mine).data).toMatchObject({ name: 'Computer Village Gadgets', state: { name: 'Lagos' } });
      const all = (await m.app.inject({ method: 'GET', url: '/api/ecommerce/api/product?limit=1', headers: auth(tunde) })).json() as {
        pagination: { total: number };
        data: { images: { url: string }[] }[];
      };
      expect(all.pagination.total).toBeGreaterThan(150);
      // The demo's kept totals (a category's products, a shop's) are the same as a count of them.
      const totalOf = async (path: string) =>
        (
          (await m.app.inject({ method: 'GET', url: `/api/ecommerce/api/product${path}`, headers: auth(tunde) })).json() as {
            pagination: { total: number };
          }
        ).pagination.total;
      const kept = await totalOf('?category=electronics&limit=1');
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBe(await totalOf('?category=electronics&minPrice=0&limit=1'));
      const shop = json(mine).data as { id: string; productsCount: number };
      expect(shop.productsCount).toBeGreaterThan(0);
      expect(shop.productsCount).toBe(await totalOf(`/shop-products/${shop.id}?limit=1`));
      const img = await m.app.inject({ method: 'GET', url: new URL(all.data[0]!.images[0]!.url, 'http://x').pathname });
      expect(img.statusCode).toBe(200);
      const kano = (
        await m.app.inject({
          method: 'POST',
          url: '/api/ecommerce/api/shop/search',
          headers: auth(tunde),
          payload: { latitude: 12, longitude: 8.52, radiusKm: 30 },
        })
      ).json() as {
        data: { name: string }[];
      };
      expect(kano.data.map((s) => s.name)).toEqual(['Kantin Kwari Fabrics', 'Sabon Gari Electronics']);
      const deals = (await m.app.inject({ method: 'GET', url: '/api/ecommerce/api/product/flash-sales', headers: auth(tunde) })).json() as {
        data: unknown[];
      };
      expect(deals.data.length).toBeGreaterThan(0);
    } finally {
      await m.close();
    }
  });
});

describe('the demo Connect', () => {
  it('seeds posts in several topics with pictures, likes and comments, stories and two communities, once', async () => {
    const m = await createTestApp();
    try {
      expect(await seedDemo(m.db, m.providers.storage)).toBe(true);
      const login = await m.app.inject({
        method: 'POST',
        url: '/api/user/users/login',
        payload: { username: DEMO_USERS[0].email, password: DEMO_PASSWORD },
      });
      const ada = { token: (json(login).data as { accessToken: string }).accessToken };
      const get = async <T>(url: string) =>
        json(await m.app.inject({ method: 'GET', url: `/api/connect${url}`, headers: auth(ada) })).data as T;
      const feed = await get<{ media: unknown[]; tags: string[]; likes: { likesCount: number }; commentCount: number }[]>('/posts/feeds');
      expect(feed.length).toBeGreaterThanOrEqual(10);
      expect(feed.some((p) => p.media.length > 0 && p.tags.length > 0 && p.likes.likesCount > 0 && p.commentCount > 0)).toBe(true);
      expect((await get<unknown[]>('/posts/feeds/food')).length).toBeGreaterThan(0);
      expect((await get<unknown[]>('/stories/allStories')).length).toBeGreaterThan(0);
      expect((await get<unknown[]>('/communities')).length).toBe(2);
      // Seeding again changes nothing.
      expect(await seedDemo(m.db, m.providers.storage)).toBe(false);
    } finally {
      await m.close();
    }
  });
});
