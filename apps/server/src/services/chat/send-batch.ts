import type { ChatMessage } from '@owo/contracts';
import type { Db, Tx } from '../../platform/db.js';
import { uniqueViolation } from '../../platform/db-errors.js';
import { conflict } from '../../platform/errors.js';
import { insertMessages, storedByClientIds, toMessage } from './message.queries.js';
import { checkSends, type SendRequest } from './send-checks.js';

// Group commit for message sends. The sends that arrive while the previous batch is being written
// (or within BATCH_WINDOW_MS of a quiet moment) are checked together and stored as one multi-row
// INSERT in one statement, so one commit holds them all; each sender's promise (its socket ack)
// settles only after the commit that holds its message. A send that fails its checks fails alone;
// a batch whose statement fails (a unique index broken by a resend from another process, a payment
// shared twice) is stored again one message at a time, so again only the faulty send fails.

export type SendOutcome = { message: ChatMessage; created: boolean };

/** How long a send waits for others to join its batch when nothing is being written. */
export const BATCH_WINDOW_MS = 2;
/** The most messages in one statement. */
export const MAX_BATCH = 256;

/**
 * Stores one message (or finds the one already stored under the sender's temporary id) and says
 * whether it is new. The write is one statement: the conversation's upsert takes its row lock and
 * the next sequence number, the message is inserted with it and the sender's marks move up to it.
 * A resend that races past the checks breaks a unique index; the stored message is then returned.
 */
export async function sendOne(db: Tx, req: SendRequest): Promise<SendOutcome> {
  const [c] = await checkSends(db, [req]);
  if ('error' in c!) throw c.error;
  if ('stored' in c!) return { message: c.stored, created: false };
  const ready = c!.ready;
  try {
    const [row] = await insertMessages(db, [ready]);
    return { message: toMessage(row!), created: true };
  } catch (err) {
    if (!uniqueViolation(err)) throw err;
    const [again] = await storedByClientIds(db, [ready]);
    if (again) {
      if (again.toUserId !== ready.toUserId) throw conflict('This msgId was already used for another message', 'MSG_ID_REUSED');
      return { message: toMessage(again), created: false };
    }
    if (ready.paymentReference) throw conflict('This payment is already in the conversation', 'PAYMENT_ALREADY_SHARED');
    throw err;
  }
}

type Waiting = { req: SendRequest; resolve: (o: SendOutcome) => void; reject: (e: unknown) => void };

export type SendBatcher = {
  send: (req: SendRequest) => Promise<SendOutcome>;
  /** Settles once every queued send is written. */
  drain: () => Promise<void>;
  /** Batches written and messages in them, since start (tests and the benchmark read them). */
  stats: { batches: number; messages: number; fallbacks: number };
};

export function createSendBatcher(db: Db, opts: { windowMs?: number; maxBatch?: number } = {}): SendBatcher {
  const windowMs = opts.windowMs ?? BATCH_WINDOW_MS;
  const maxBatch = opts.maxBatch ?? MAX_BATCH;
  const stats = { batches: 0, messages: 0, fallbacks: 0 };
  let queue: Waiting[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;

  async function write(batch: Waiting[]) {
    let checked;
    try {
      checked = await checkSends(
        db,
        batch.map((w) => w.req),
      );
    } catch (err) {
      batch.forEach((w) => w.reject(err));
      return;
    }
    const toStore: { w: Waiting; id: string }[] = [];
    checked.forEach((c, i) => {
      const w = batch[i]!;
      if ('error' in c) w.reject(c.error);
      else if ('stored' in c) w.resolve({ message: c.stored, created: false });
      else toStore.push({ w, id: c.ready.id });
    });
    if (!toStore.length) return;
    const ready = checked.flatMap((c) => ('ready' in c ? [c.ready] : []));
    try {
      const rows = await insertMessages(db, ready);
      stats.batches++;
      stats.messages += rows.length;
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const { w, id } of toStore) w.resolve({ message: toMessage(byId.get(id)!), created: true });
    } catch {
      // One row broke the statement: each message on its own, so only that one fails.
      stats.fallbacks++;
      for (const { w } of toStore) await sendOne(db, w.req).then(w.resolve, (err: unknown) => w.reject(err));
    }
  }

  function flush() {
    timer = null;
    if (writing || !queue.length) return;
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(maxBatch);
    writing = write(batch).finally(() => {
      writing = null;
      // What arrived during the commit goes at once, as the next batch.
      if (queue.length) flush();
    });
  }

  const send = (req: SendRequest) =>
    new Promise<SendOutcome>((resolve, reject) => {
      queue.push({ req, resolve, reject });
      if (writing) return;
      if (queue.length >= maxBatch) flush();
      else timer ??= setTimeout(flush, windowMs);
    });

  const drain = async () => {
    while (queue.length || writing || timer) await new Promise((r) => setTimeout(r, windowMs));
  };

  return { send, drain, stats };
}
