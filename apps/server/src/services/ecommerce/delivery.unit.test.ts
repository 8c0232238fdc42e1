import { describe, expect, it } from 'vitest';
import { byShop, quoteShop } from './delivery.js';

const rates = { orders: { delivery: { baseKobo: 100_000, perKmKobo: 1_000, perKgKobo: 5_000, expressPercent: 150 } } };
const line = (shopId: string, categoryId: string, quantity: number) => ({
  shopId,
  shopName: `Shop ${shopId}`,
  shopLat: 6.6018,
  shopLng: 3.3515,
  categoryId,
  quantity,
});
const now = new Date('2030-01-10T12:00:00Z');

describe('delivery quotes (no database)', () => {
  it('groups a checkout’s lines by shop once, in the order of each shop’s first line', () => {
    const lines = [line('b', 'phones', 1), line('a', 'home', 2), line('b', 'fashion', 3)];
    expect(byShop(lines)).toEqual([[lines[0], lines[2]], [lines[1]]]);
  });

  const at = { lat: 7.4352, lng: 3.9133 };
  const parcel = () => [line('a', 'groceries', 2), line('a', 'unknown', 1)];
  const quote = () => quoteShop(rates, parcel(), at, now);

  it('prices a shop’s parcel by distance and weight, to the nearest ₦50', () => {
    const q = quote();
    expect(q).toMatchObject({ shopId: 'a', shopName: 'Shop a', weightKg: 21 });
    expect(q.distanceKm).toBeGreaterThan(105);
    expect(q.distanceKm).toBeLessThan(120);
    const standard = q.options[0]!;
    expect(standard.price % 5000).toBe(0);
    expect(standard.price).toBe(Math.round((100_000 + 1_000 * q.distanceKm + 5_000 * 21) / 5000) * 5000);
  });

  it('makes express cost more than standard and come sooner', () => {
    const [standard, express] = quote().options;
    expect(express!.price).toBeGreaterThan(standard!.price);
    expect(express!.etaDays).toBeLessThan(standard!.etaDays);
  });

  it('lets the shopper pick up at the shop for free the next day', () => {
    expect(quote().options[2]).toMatchObject({ id: 'pickup', price: 0, estimatedDate: '2030-01-11' });
  });

  it('quotes the same inputs the same', () => {
    expect(quote()).toEqual(quote());
  });
});
