import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileApp, newUser } from '../../test/harness.js';
import { createIntent, newReference } from './intents.js';
import { paymentIntents } from './tables.js';

// A payment's reference is random (10 digits a day), so two payments can draw the same one; the
// second draws again rather than answering 500 (seen once in about 25,000 previews in a bench run).

const t = fileApp();

describe('a payment reference already taken', () => {
  it('is drawn again: the new payment gets a reference of its own and the first is untouched', async () => {
    const [a, b] = [await newUser(t.app), await newUser(t.app)];
    const intent = (userId: string, makeReference?: () => string) =>
      t.db.transaction((tx) =>
        createIntent(
          tx,
          {
            userId,
            type: 'sendMoney',
            amount: 10_000n,
            fee: 0n,
            counterparty: { id: null, name: 'Someone', bankName: null, accountNumber: null },
          },
          makeReference,
        ),
      );
    const first = await intent(a.id);
    const draws = [first.reference, newReference()];
    const second = await intent(b.id, () => draws.shift()!);
    expect(draws).toEqual([]);
    expect(second.reference).not.toBe(first.reference);
    expect(second.userId).toBe(b.id);
    const [kept] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.reference, first.reference));
    expect(kept).toMatchObject({ id: first.id, userId: a.id });
  });

  it('fails plainly, writing nothing, when every draw is taken', async () => {
    const a = await newUser(t.app);
    const taken = (
      await t.db.transaction((tx) =>
        createIntent(tx, {
          userId: a.id,
          type: 'sendMoney',
          amount: 10_000n,
          fee: 0n,
          counterparty: { id: null, name: 'Someone', bankName: null, accountNumber: null },
        }),
      )
    ).reference;
    const before = (await t.db.select().from(paymentIntents).where(eq(paymentIntents.userId, a.id))).length;
    await expect(
      t.db.transaction((tx) =>
        createIntent(
          tx,
          {
            userId: a.id,
            type: 'sendMoney',
            amount: 20_000n,
            fee: 0n,
            counterparty: { id: null, name: 'Someone', bankName: null, accountNumber: null },
          },
          () => taken,
        ),
      ),
    ).rejects.toThrow('no unused payment reference');
    expect((await t.db.select().from(paymentIntents).where(eq(paymentIntents.userId, a.id))).length).toBe(before);
  });
});
