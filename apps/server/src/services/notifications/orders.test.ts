import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@owo/contracts';
import { json, type TestContext } from '../../test/harness.js';
// eslint-disable-next-line owo/service-boundaries -- the shop's test kit makes a seller, a shopper and an order through the API only
import { LAGOS, orderKit, shopCalls } from '../ecommerce/shop-test-kit.js';
import { drainPushes, pushTestApp, subscribeDevice } from './push-fixtures.js';

const fixture = pushTestApp({}, { ledgerChecked: true });
const push = fixture.push;
let t: TestContext;
beforeAll(() => {
  t = fixture.t;
});

const { call } = shopCalls(() => t);
const { sellerWith, shopper, buy } = orderKit(() => t);

describe('order steps', () => {
  it('push the new order to the seller, opening it', async () => {
    const seller = await sellerWith(LAGOS, 5);
    const s = await shopper();
    await subscribeDevice(t.app, seller.u, push.device('seller'));
    const o = (json(await buy(s, [seller.product])).data as Order[])[0]!;
    await drainPushes(t);
    expect(push.for('seller')[0]!.payload).toMatchObject({ kind: 'order.paid', url: `/shop/orders/${o.id}` });
  });

  it('push the seller’s acceptance to the shopper', async () => {
    const seller = await sellerWith(LAGOS, 5);
    const s = await shopper();
    await subscribeDevice(t.app, s.u, push.device('shopper'));
    const o = (json(await buy(s, [seller.product])).data as Order[])[0]!;
    await drainPushes(t);
    push.received.length = 0;
    expect((await call(seller.u, 'PUT', `/api/order/${o.id}/accept`)).statusCode).toBe(200);
    await drainPushes(t);
    expect(push.for('shopper').map((r) => r.payload.kind)).toEqual(['order.accepted']);
  });
});
