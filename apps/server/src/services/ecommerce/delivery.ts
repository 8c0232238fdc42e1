import type { Config } from '../../platform/config.js';
import type { CartRow } from './cart.service.js';

// Delivery prices: pure functions of the parcel (its lines' categories and quantities), the
// distance from the shop to the address, the configured rates and the day; no database. The cart's
// quote and the order's price are both these.

/** The part of the configuration a delivery's price comes from: the rates. */
type Rates = { orders: Pick<Config['orders'], 'delivery'> };

/** A parcel's weight by category (kg per item), as the delivery rates price it. */
const KG: Record<string, number> = {
  phones: 0.5,
  computing: 2.5,
  electronics: 6,
  appliances: 8,
  fashion: 0.8,
  beauty: 0.4,
  home: 3,
  groceries: 10,
  baby: 1.5,
};
export const weightOf = (items: Pick<CartRow, 'categoryId' | 'quantity'>[]) =>
  Math.round(items.reduce((kg, i) => kg + (KG[i.categoryId] ?? 1) * i.quantity, 0) * 10) / 10;

/** Great-circle distance in km (the delivery's distance; the address's coordinates, or its LGA's state capital when it has none). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const r = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(r(b.lat - a.lat) / 2) ** 2 + Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(r(b.lng - a.lng) / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)) * 10) / 10;
}

/** Standard, express and pickup for one shop's parcel: base + per km + per kg; express costs more and comes sooner. */
export function deliveryOptions(config: Rates, km: number, kg: number, now = new Date()) {
  const d = config.orders.delivery;
  const standard = Math.round((d.baseKobo + d.perKmKobo * km + d.perKgKobo * kg) / 5000) * 5000;
  const days = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const stdDays = 2 + Math.ceil(km / 300);
  const expDays = 1 + Math.ceil(km / 600);
  return [
    { id: 'standard' as const, label: 'Standard delivery', price: standard, etaDays: stdDays, estimatedDate: days(stdDays) },
    {
      id: 'express' as const,
      label: 'Express delivery',
      price: Math.round((standard * d.expressPercent) / 100 / 5000) * 5000,
      etaDays: expDays,
      estimatedDate: days(expDays),
    },
    { id: 'pickup' as const, label: 'Pick up at the shop', price: 0, etaDays: 1, estimatedDate: days(1) },
  ];
}

/** A point on the map, as an address's delivery is priced to it. */
export type Point = { lat: number; lng: number };

/** The lines of a checkout grouped by shop, each group in the lines' own order, the shops in order of their first line. */
export function byShop<L extends Pick<CartRow, 'shopId'>>(lines: L[]): L[][] {
  const shops = new Map<string, L[]>();
  for (const l of lines) shops.set(l.shopId, [...(shops.get(l.shopId) ?? []), l]);
  return [...shops.values()];
}

/** One shop's delivery quote to a point: its distance, the parcel's weight, and the price of each option. */
export function quoteShop(
  config: Rates,
  lines: Pick<CartRow, 'shopId' | 'shopName' | 'shopLat' | 'shopLng' | 'categoryId' | 'quantity'>[],
  at: Point,
  now = new Date(),
) {
  const first = lines[0]!;
  const km = distanceKm({ lat: first.shopLat, lng: first.shopLng }, at);
  const kg = weightOf(lines);
  return { shopId: first.shopId, shopName: first.shopName, distanceKm: km, weightKg: kg, options: deliveryOptions(config, km, kg, now) };
}
