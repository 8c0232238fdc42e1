import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from './ledger/index.js';
import { DEMO_OPENING_BALANCE, DEMO_PASSWORD, DEMO_PIN, DEMO_USERS, seedDemo } from './seed.js';
import { auth, balancesOf, createTestApp, fileApp, historyOf, json, type TestContext, type TestUser } from './test/harness.js';

const t = fileApp();

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
  let m: TestContext;
  let seeded: boolean;
  let tunde: { token: string };
  const get = async <T>(url: string) => (await m.app.inject({ method: 'GET', url, headers: auth(tunde) })).json() as T;
  const totalOf = async (path: string) =>
    (await get<{ pagination: { total: number } }>(`/api/ecommerce/api/product${path}`)).pagination.total;
  const myShop = async () => (await get<{ data: { id: string; name: string; productsCount: number } }>('/api/ecommerce/api/shop/me')).data;
  beforeAll(async () => {
    m = await createTestApp();
    seeded = await seedDemo(m.db, m.providers.storage);
    const login = await m.app.inject({
      method: 'POST',
      url: '/api/user/users/login',
      payload: { username: DEMO_USERS[1].email, password: DEMO_PASSWORD },
    });
    tunde = { token: (json(login).data as { accessToken: string }).accessToken };
  });
  afterAll(() => m.close());

  it('seeds a couple of hundred products', async () => {
    expect(seeded).toBe(true);
    expect(await totalOf('?limit=1')).toBeGreaterThan(150);
  });

  it('Tunde owns a shop in Lagos', async () => {
    expect(await myShop()).toMatchObject({ name: 'Computer Village Gadgets', state: { name: 'Lagos' } });
  });

  it("a category's kept product total is the same as a count of its products", async () => {
    const kept = await totalOf('?category=electronics&limit=1');
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBe(await totalOf('?category=electronics&minPrice=0&limit=1'));
  });

  it("a shop's kept product count is the same as a count of its products", async () => {
    const shop = await myShop();
    expect(shop.productsCount).toBeGreaterThan(0);
    expect(shop.productsCount).toBe(await totalOf(`/shop-products/${shop.id}?limit=1`));
  });

  it('the products have pictures drawn at seed time, served from storage', async () => {
    const all = await get<{ data: { images: { url: string }[] }[] }>('/api/ecommerce/api/product?limit=1');
    const img = await m.app.inject({ method: 'GET', url: new URL(all.data[0]!.images[0]!.url, 'http://x').pathname });
    expect(img.statusCode).toBe(200);
  });

  it('shops stand in their cities: a search near Kano finds the two there', async () => {
    const kano = (
      await m.app.inject({
        method: 'POST',
        url: '/api/ecommerce/api/shop/search',
        headers: auth(tunde),
        payload: { latitude: 12, longitude: 8.52, radiusKm: 30 },
      })
    ).json() as { data: { name: string }[] };
    expect(kano.data.map((s) => s.name)).toEqual(['Kantin Kwari Fabrics', 'Sabon Gari Electronics']);
  });

  it('some products are on flash sale', async () => {
    expect((await get<{ data: unknown[] }>('/api/ecommerce/api/product/flash-sales')).data.length).toBeGreaterThan(0);
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
      // A chat between Ada and Tunde, and a group of three, so the chat list is not empty either.
      const chat = async <T>(url: string) =>
        json(await m.app.inject({ method: 'GET', url: `/api/chat${url}`, headers: auth(ada) })).data as T;
      const recent = await chat<{ lastMessage: { text: string } | null }[]>('/recent-chats');
      expect(recent.length).toBe(1);
      const groups = await chat<{ name: string; lastMessage: unknown; unread: number }[]>('/groups');
      expect(groups).toEqual([expect.objectContaining({ name: 'Saturday hangout' })]);
      // Seeding again changes nothing.
      expect(await seedDemo(m.db, m.providers.storage)).toBe(false);
    } finally {
      await m.close();
    }
  });
});
