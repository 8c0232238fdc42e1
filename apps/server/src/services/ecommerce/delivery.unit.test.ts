import { describe, expect, it } from 'vitest';
import { byShop, quoteShop } from './delivery.js';

const rates = { orders: { delivery: { baseKobo: 100_000, perKmKobo: 1_000, perKgKobo: 5_000, expressPercent: 150 } } };
const line = (shop_id: string, category_id: string, quantity: number) => ({
  shop_id,
  shop_name: `Shop ${shop_id}`,
  shop_lat: 6.6018,
  shop_lng: 3.3515,
  category_id,
  quantity,
});
const now = new Date('2030-01-10T12:00:00Z');

describe('delivery quotes (no database)', () => {
  it('groups a checkout’s lines by shop once, in the order of each shop’s first line', () => {
    const lines = [line('b', 'phones', 1), line('a', 'home', 2), line('b', 'fashion', 3)];
    expect(byShop(lines)).toEqual([[lines[0], lines[2]], [lines[1]]]);
  });

  it('prices a shop’s parcel by distance and weight; express costs more and comes sooner; pickup is free', () => {
    const at = { lat: 7.4352, lng: 3.9133 };
    const q = quoteShop(rates, [line('a', 'groceries', 2), line('a', 'unknown', 1)], at, now);
    expect(q).toMatchObject({ shopId: 'a', shopName: 'Shop a', weightKg: 21 });
    expect(q.distanceKm).toBeGreaterThan(105);
    expect(q.distanceKm).toBeLessThan(120);
    const [standard, express, pickup] = q.options;
    expect(standard!.price % 5000).toBe(0);
    expect(standard!.price).toBe(Math.round((100_000 + 1_000 * q.distanceKm + 5_000 * 21) / 5000) * 5000);
    expect(express!.price).toBeGreaterThan(standard!.price);
    expect(express!.etaDays).toBeLessThan(standard!.etaDays);
    expect(pickup).toMatchObject({ id: 'pickup', price: 0, estimatedDate: '2030-01-11' });
    // The same inputs, the same quote.
    expect(quoteShop(rates, [line('a', 'groceries', 2), line('a', 'unknown', 1)], at, now)).toEqual(q);
  });
});
