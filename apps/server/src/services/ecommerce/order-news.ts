import { formatNaira, type OrderStatus } from '@owo/contracts';
import type { Tx } from '../../platform/db.js';
import { usersByIds } from '../user/index.js';
import { notify } from '../notifications/index.js';
import type { OrderDeps } from './orders-read.js';
import type { LockedOrder } from './orders.queries.js';

// What the shopper and the seller are told of their order: in the app, and by email through the
// outbox, in the transaction of the change itself.

/** The order as its news names it: its people, its shop and its money. */
export type NewsOrder = Pick<LockedOrder, 'shopperId' | 'sellerId' | 'shopName' | 'total' | 'commission'>;

/** What one person is told of a change: in the app, and by email through the outbox. */
export type News = { userId: string; text: string };

/** Tells each person of a change to an order, in the change's transaction (nothing is told of a change that rolls back). */
export async function tell(tx: Tx, deps: OrderDeps, o: { id: string; reference: string }, status: OrderStatus, news: News[]) {
  const title = `Order ${o.reference}: ${STATUS_WORDS[status]}`;
  for (const n of news)
    await deps.notifier.notice(tx, [n.userId], { kind: `order.${status}`, title, body: n.text, link: `/shop/orders/${o.id}` });
  for (const n of news)
    await notify(tx, [n.userId], { kind: `order.${status}`, title, body: n.text, link: `/shop/orders/${o.id}`, inApp: false });
  const emails = new Map(
    (
      await usersByIds(
        tx,
        news.map((n) => n.userId),
      )
    ).map((u) => [u.id, u.email]),
  );
  for (const n of news) {
    const to = emails.get(n.userId);
    if (to) await deps.notifier.enqueueEmail(tx, { to, subject: title, text: n.text });
  }
}

const STATUS_WORDS: Record<OrderStatus, string> = {
  paid: 'placed',
  accepted: 'accepted',
  shipped: 'shipped',
  delivered: 'delivered',
  completed: 'completed',
  declined: 'declined',
  cancelled: 'cancelled',
  disputed: 'in dispute',
  refunded: 'refunded',
};

const naira = (kobo: number) => formatNaira(kobo, { trimZeroKobo: true });

/** What the shopper and the seller are told when an order moves (`by` is who moved it; `auto` when no one did). */
export function newsOf(
  o: NewsOrder,
  to: OrderStatus,
  extra: { note?: string; reason?: string; auto?: boolean; disputed?: boolean },
): News[] {
  const shop = o.shopName;
  const paid = naira(o.total - o.commission);
  const back = `${naira(o.total)} is back in your wallet.`;
  const pair = (shopper: string, seller: string): News[] => [
    { userId: o.shopperId, text: shopper },
    { userId: o.sellerId, text: seller },
  ];
  switch (to) {
    case 'accepted':
      return pair(`${shop} accepted your order.`, `You accepted this order. Ship it when it is ready.`);
    case 'declined':
      return pair(`${shop} declined your order. ${back}`, `You declined this order; the shopper was refunded.`);
    case 'shipped':
      return pair(
        `Your this order from ${shop} is on its way.${extra.note ? ` Note from the seller: ${extra.note}` : ''}`,
        `You marked this order shipped.`,
      );
    case 'delivered':
      return pair(
        `${shop} marked your order delivered. Confirm you received it, or open a dispute if something is wrong.`,
        `You marked this order delivered. You are paid when the shopper confirms it, or by itself after a few days.`,
      );
    case 'completed':
      return extra.auto
        ? pair(
            `This order was confirmed automatically; ${shop} has been paid.`,
            `This order was confirmed automatically: ${paid} is in your business wallet.`,
          )
        : pair(
            extra.disputed
              ? `You closed your dispute and confirmed this order; ${shop} has been paid.`
              : `You confirmed this order; ${shop} has been paid.`,
            `The shopper confirmed this order: ${paid} is in your business wallet.`,
          );
    case 'cancelled':
      return pair(`You cancelled this order. ${back}`, `The shopper cancelled this order. Do not ship it.`);
    case 'disputed':
      return pair(
        `You opened a dispute on this order. ${shop} is not paid until it is settled.`,
        `The shopper opened a dispute on this order: “${extra.reason ?? ''}”. The money stays held until it is settled: refund the shopper, or agree with them and they confirm.`,
      );
    case 'refunded':
      return pair(`${shop} refunded your order. ${back}`, `You refunded this order.`);
    case 'paid':
      return [];
  }
}

/** What the seller and the shopper are told of a new order. */
export const placedNews = (o: { reference: string; shopperId: string; sellerId: string; shopName: string }): News[] => [
  { userId: o.sellerId, text: 'You have a new order to accept in your Owo shop.' },
  {
    userId: o.shopperId,
    text: `Your order ${o.reference} from ${o.shopName} is placed. Your payment is held safely until you confirm you received it.`,
  },
];
