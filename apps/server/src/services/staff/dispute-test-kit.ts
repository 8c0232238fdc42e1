import type { Order } from '@owo/contracts';
import {
  auth,
  fundWallet,
  json,
  newUser,
  setPin,
  TEST_PIN,
  type TestContext,
  type TestUser,
  SURULERE_ADDRESS,
} from '../../test/harness.js';
import { uploadPng } from '../../test/upload-fixture.js';

// A disputed marketplace order for the console's dispute tests, made through the customers' calls.

type Method = 'POST' | 'PUT';
const LAGOS = { stateId: 'lagos', lgaId: 'ikeja', latitude: 6.6018, longitude: 3.3515 };

export function disputeKit(ctx: () => TestContext) {
  const ok = async <T = Record<string, unknown>>(u: TestUser, method: Method, url: string, payload?: object, pin = false) => {
    const res = await ctx().app.inject({
      method,
      url: `/api/ecommerce${url}`,
      headers: auth(u, pin ? { transactionPin: TEST_PIN } : {}),
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.body}`);
    return json(res).data as T;
  };
  /** A ₦10,000 bag of rice bought (with delivery), accepted, shipped and disputed by the shopper. */
  async function disputedOrder(reason = 'The bag was torn and half the rice is gone') {
    const app = ctx().app;
    const seller = await newUser(app);
    await ok(seller, 'POST', '/api/shop', {
      name: `Shop ${Math.random().toString(36).slice(2, 6)}`,
      phone: '08031234567',
      address: '1 Market Road',
      ...LAGOS,
    });
    const img = await uploadPng(app, seller);
    const product = await ok<{ id: string }>(seller, 'POST', '/api/product', {
      name: 'Ofada Rice 10kg',
      categoryId: 'groceries',
      subcategoryId: 'staples',
      images: [img.url],
      price: 1_000_000,
      stock: 10,
    });
    const shopper = await newUser(app);
    await setPin(app, shopper);
    await fundWallet(app, shopper, 10_000_000);
    const address = await ok<{ id: string }>(shopper, 'POST', '/api/user-saved-address', SURULERE_ADDRESS);
    const item = await ok<{ id: string }>(shopper, 'POST', '/api/cart', { productId: product.id, quantity: 1 });
    const [order] = await ok<Order[]>(shopper, 'POST', '/api/order/initiate', { cartItemIds: [item.id], addressId: address.id }, true);
    await ok(seller, 'PUT', `/api/order/${order!.id}/accept`);
    await ok(seller, 'PUT', `/api/order/${order!.id}/ship`, { note: '' });
    await ok(shopper, 'PUT', `/api/order/${order!.id}/dispute`, { reason });
    return { order: order!, shopper, seller };
  }
  /** The shopper closes the dispute by confirming the order. */
  const confirm = (shopper: TestUser, orderId: string) => ok(shopper, 'PUT', `/api/order/${orderId}/confirm`);
  return { disputedOrder, confirm };
}
