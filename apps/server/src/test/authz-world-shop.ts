import { randomUUID } from 'node:crypto';
import { fundWallet, SURULERE_ADDRESS } from './harness.js';
import { markVerified } from '../services/kyc/index.js';
import { uploadPng } from './upload-fixture.js';
import type { Person, World, WorldBase } from './authz-world.js';

type Shop = Pick<
  World,
  | 'shopA'
  | 'shopB'
  | 'productA'
  | 'productB'
  | 'order'
  | 'address'
  | 'cartItem'
  | 'wishlistItem'
  | 'shopReport'
  | 'sellerProduct'
  | 'cartItemOf'
  | 'orderIn'
  | 'shopperAddress'
  | 'shopperWish'
>;

const LAGOS = { stateId: 'lagos', lgaId: 'ikeja', latitude: 6.6018, longitude: 3.3515 };

/**
 * The authorization world's (authz-world.ts) shops A and B with a product each, and the shopper's
 * funded wallet, address, cart, order, wishlist and report.
 */
export async function buildShop({ t, ok, pin, people }: WorldBase): Promise<Shop> {
  const app = t.app;
  const { shopper, seller, otherSeller } = people;

  // Shops and products.
  const E = '/api/ecommerce';
  const shopOf = async (u: Person) =>
    (
      await ok<{ id: string }>(u, 'POST', `${E}/api/shop`, {
        name: `Shop ${randomUUID().slice(0, 6)}`,
        phone: '08031234567',
        address: '1 Market Road',
        ...LAGOS,
      })
    ).id;
  const productOf = async (u: Person) => {
    const img = await uploadPng(app, u);
    return (
      await ok<{ id: string }>(u, 'POST', `${E}/api/product`, {
        name: 'Ofada Rice 10kg',
        categoryId: 'groceries',
        subcategoryId: 'staples',
        images: [img.url],
        price: 100_000,
        stock: 1000,
      })
    ).id;
  };
  const shopA = await shopOf(seller);
  const shopB = await shopOf(otherSeller);
  const productA = await productOf(seller);
  const productB = await productOf(otherSeller);

  // The shopper's money and things (₦500,000 in one deposit: Tier 3, no deposit cap; docs/kyc.md).
  await markVerified(app.db, shopper.id, 3);
  await fundWallet(app, shopper, 50_000_000);
  const shopperAddress = async () => (await ok<{ id: string }>(shopper, 'POST', `${E}/api/user-saved-address`, SURULERE_ADDRESS)).id;
  const address = await shopperAddress();
  // A cart holds one item per product: disposable items (and orders) are of product A, the world's item of product B.
  const cartItemOf = async (productId = productA) =>
    (await ok<{ id: string }>(shopper, 'POST', `${E}/api/cart`, { productId, quantity: 1 })).id;
  const place = async () => {
    const item = await cartItemOf();
    const orders = await ok<{ id: string }[]>(
      shopper,
      'POST',
      `${E}/api/order/initiate`,
      { cartItemIds: [item], addressId: address },
      { ...pin, 'Idempotency-Key': randomUUID() },
    );
    return orders[0]!.id;
  };
  const step = (u: Person, id: string, action: string, body?: object) => ok(u, 'PUT', `${E}/api/order/${id}/${action}`, body);
  const orderIn: World['orderIn'] = async (status) => {
    const id = await place();
    if (status === 'paid') return id;
    await step(seller, id, 'accept');
    if (status === 'accepted') return id;
    await step(seller, id, 'ship', { note: 'On its way' });
    if (status === 'shipped') return id;
    if (status === 'disputed') {
      await step(shopper, id, 'dispute', { reason: 'It never came' });
      return id;
    }
    await step(seller, id, 'deliver');
    if (status === 'delivered') return id;
    await step(shopper, id, 'confirm');
    return id;
  };
  const order = await orderIn('paid');
  const cartItem = await cartItemOf(productB);
  const shopperWish = async () => {
    const item = await ok<{ id: string }>(shopper, 'POST', `${E}/api/wishlist/${productB}`);
    return item.id;
  };
  const wishlistItem = await shopperWish();
  const shopReport = (
    await ok<{ id: string }>(shopper, 'POST', `${E}/api/report-shop-product`, { productId: productB, reason: 'Fake or counterfeit item' })
  ).id;

  return {
    shopA,
    shopB,
    productA,
    productB,
    order,
    address,
    cartItem,
    wishlistItem,
    shopReport,
    sellerProduct: () => productOf(seller),
    cartItemOf,
    orderIn,
    shopperAddress,
    shopperWish,
  };
}
