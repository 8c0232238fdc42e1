import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Product } from '@owo/contracts';
import { executeRows } from '../../platform/db.js';
import { fileApp, json, newUser } from '../../test/harness.js';
import { catalogueKit, shopCalls } from './shop-test-kit.js';

// Races on a shopper's basket. Adding to the cart while the same item is being taken off one at a
// time: every answer is a 2xx or a 404, never a 500, and no item is ever left in the cart with a
// quantity of zero or less. Adding a product to the wishlist while the same product is being
// removed: every answer is a 2xx or a 404, never a 500, and what is left matches the answers.

const t = fileApp();

const { call, ok } = shopCalls(() => t);
const { seller, product } = catalogueKit(() => t);

/** A plain tee of a new seller's shop in Ikeja. */
async function aProduct(): Promise<Product> {
  return product((await seller()).u);
}

const cartRows = async (userId: string, productId: string) =>
  executeRows<{ id: string; quantity: number }>(
    t.db,
    sql`SELECT id, quantity FROM cart_items WHERE user_id = ${userId} AND product_id = ${productId}`,
  );

describe('cart races', () => {
  it('add and two take-one-offs of the same item at once, 30 rounds: no 5xx, never a quantity of zero or less', async () => {
    const p = await aProduct();
    const shopper = await newUser(t.app);
    for (let round = 0; round < 30; round++) {
      const item = await ok<{ id: string }>(shopper, 'POST', '/api/cart', { productId: p.id, quantity: 1 });
      const answers = await Promise.all([
        call(shopper, 'DELETE', `/api/cart/${item.id}?type=one`),
        call(shopper, 'POST', '/api/cart', { productId: p.id, quantity: 1 }),
        call(shopper, 'DELETE', `/api/cart/${item.id}?type=one`),
      ]);
      for (const res of answers) expect([200, 404], res.body).toContain(res.statusCode);
      const left = await cartRows(shopper.id, p.id);
      expect(left.length).toBeLessThanOrEqual(1);
      for (const row of left) expect(row.quantity, `round ${round}`).toBeGreaterThan(0);
      const cart = json(answers[1]!).data as { quantity: number };
      expect(cart.quantity).toBeGreaterThan(0);
      await executeRows(t.db, sql`DELETE FROM cart_items WHERE user_id = ${shopper.id}`);
    }
  }, 90_000);

  it('take-all and take-one at once: one of them finds the item, the other 404, nothing left', async () => {
    const p = await aProduct();
    const shopper = await newUser(t.app);
    for (let round = 0; round < 10; round++) {
      const item = await ok<{ id: string }>(shopper, 'POST', '/api/cart', { productId: p.id, quantity: 1 });
      const answers = await Promise.all([
        call(shopper, 'DELETE', `/api/cart/${item.id}?type=all`),
        call(shopper, 'DELETE', `/api/cart/${item.id}?type=one`),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
      expect(await cartRows(shopper.id, p.id)).toEqual([]);
    }
  });
});

const entries = async (userId: string, productId: string) =>
  executeRows<{ id: string }>(t.db, sql`SELECT id FROM wishlist_items WHERE user_id = ${userId} AND product_id = ${productId}`);

describe('wishlist races', () => {
  it('add and remove of the same product at once, 30 rounds: no 5xx, and the wishlist agrees with the answers', async () => {
    const p = await aProduct();
    const shopper = await newUser(t.app);
    const seen = new Set<number>();
    for (let round = 0; round < 30; round++) {
      // Removes sent one after another (two at a time) for as long as the add runs, so that one lands
      // between the add's statements if they are apart.
      let adding = true;
      const add = call(shopper, 'POST', `/api/wishlist/${p.id}`).finally(() => (adding = false));
      const removeLoop = async () => {
        const out = [];
        do out.push(await call(shopper, 'DELETE', `/e-comm/api/wishlist/${p.id}`));
        while (adding);
        return out;
      };
      const [added, ...loops] = await Promise.all([add, removeLoop(), removeLoop()]);
      const removed = loops.flat();
      for (const res of [added!, ...removed]) seen.add(res.statusCode);
      expect(added!.statusCode, added!.body).toBe(200);
      const item = json(added!).data as { id: string; productId: string; addedAt: string };
      expect(item).toMatchObject({ productId: p.id });
      expect(Number.isNaN(Date.parse(item.addedAt))).toBe(false);
      for (const res of removed) expect([200, 404], res.body).toContain(res.statusCode);
      const taken = removed.filter((r) => r.statusCode === 200).length;
      // Only the add's row was there to remove: at most one remove took it, and it is there now exactly when none did.
      expect(taken).toBeLessThanOrEqual(1);
      const left = await entries(shopper.id, p.id);
      expect(left.length).toBe(taken ? 0 : 1);
      if (left.length) expect(left[0]!.id).toBe(item.id);
      // The next round starts from an empty wishlist.
      await executeRows(t.db, sql`DELETE FROM wishlist_items WHERE user_id = ${shopper.id}`);
    }
    expect([...seen].every((s) => s < 500)).toBe(true);
  }, 90_000);

  it('adding a product already on the wishlist answers the existing entry while removes race it', async () => {
    const p = await aProduct();
    const shopper = await newUser(t.app);
    const first = await ok<{ id: string }>(shopper, 'POST', `/api/wishlist/${p.id}`);
    const [again, gone] = await Promise.all([
      call(shopper, 'POST', `/api/wishlist/${p.id}`),
      call(shopper, 'DELETE', `/e-comm/api/wishlist/${p.id}`),
    ]);
    expect(gone!.statusCode, gone!.body).toBe(200);
    expect(again!.statusCode, again!.body).toBe(200);
    const left = await entries(shopper.id, p.id);
    // The add either saw the entry (then the remove took it) or came after the remove (a new entry, left in place).
    if (left.length) expect(left[0]!.id).toBe((json(again!).data as { id: string }).id);
    else expect((json(again!).data as { id: string }).id).toBe(first.id);
  });
});
