import type { Address, CartItem, CartTotals, DeliveryQuote, Order } from '../../../api/shop-orders';

// Replies the tests' mocked ecommerce service gives for the buying screens.

export { renderAt } from '../../../test/render';

export const E = '/api/ecommerce';
export const SHOP_A = '0198a7b2-0000-7000-8000-00000000a001';
export const SHOP_B = '0198a7b2-0000-7000-8000-00000000a002';
const uuid = (n: number) => `0198a7b2-0000-7000-8000-${String(n).padStart(12, '0')}`;
export const ok = <T,>(data: T, message = 'ok') => ({ status: true, message, data });

export function cartItem(n: number, over: Partial<CartItem> = {}): CartItem {
  return {
    id: uuid(100 + n),
    product: { id: uuid(200 + n), name: `Product ${n}`, image: null, shopId: SHOP_A, shopName: 'Ada Fabrics' },
    variation: null,
    quantity: 1,
    priceWhenAdded: 500_000,
    price: 500_000,
    stock: 10,
    priceChanged: false,
    available: true,
    ...over,
  };
}

export function totals(over: Partial<CartTotals> = {}): CartTotals {
  return { shops: [], subtotal: 0, delivery: 0, fees: 0, total: 0, ...over };
}

export function address(over: Partial<Address> = {}): Address {
  return {
    id: uuid(300),
    label: 'Home',
    state: { id: 'lagos', name: 'Lagos' },
    lga: { id: 'ikeja', name: 'Ikeja' },
    street: '12 Allen Avenue',
    landmark: 'Opposite the bank',
    phone: '08031234567',
    latitude: null,
    longitude: null,
    isDefault: true,
    ...over,
  };
}

export function quote(shopId: string, shopName: string): DeliveryQuote {
  return {
    shopId,
    shopName,
    distanceKm: 12,
    weightKg: 1,
    options: [
      { id: 'standard', label: 'Standard delivery', price: 250_000, etaDays: 3, estimatedDate: '2030-03-04' },
      { id: 'express', label: 'Express delivery', price: 400_000, etaDays: 2, estimatedDate: '2030-03-03' },
      { id: 'pickup', label: 'Pick up at the shop', price: 0, etaDays: 1, estimatedDate: '2030-03-02' },
    ],
  };
}

export const ORDER_ID = uuid(400);
export function order(over: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    reference: 'OWO-ORD-1',
    shop: { id: SHOP_A, name: 'Ada Fabrics' },
    shopper: { id: uuid(500), firstName: 'Peju', lastName: 'Alabi' },
    status: 'paid',
    items: [
      { productId: uuid(201), variationId: null, name: 'Ankara Gown', image: null, price: 2_500_000, quantity: 1, reviewed: false },
      { productId: uuid(202), variationId: null, name: 'Head Wrap', image: null, price: 300_000, quantity: 2, reviewed: false },
    ],
    subtotal: 3_100_000,
    deliveryFee: 250_000,
    total: 3_350_000,
    commission: 77_500,
    deliveryOption: 'standard',
    estimatedDelivery: '2030-03-04T00:00:00.000Z',
    address: { street: '12 Allen Avenue', landmark: 'Opposite the bank', lga: 'Ikeja', state: 'Lagos', phone: '08031234567' },
    note: null,
    disputeReason: null,
    isSeller: false,
    timeline: [{ status: 'paid', at: '2030-03-01T09:00:00.000Z' }],
    autoConfirmAt: null,
    createdAt: '2030-03-01T09:00:00.000Z',
    ...over,
  };
}

/** The JSON body a mocked call was sent with. */
export const sentBody = (init: RequestInit | undefined) => JSON.parse(String(init?.body ?? 'null')) as unknown;
export const header = (init: RequestInit | undefined, name: string) => (init?.headers as Record<string, string> | undefined)?.[name];
