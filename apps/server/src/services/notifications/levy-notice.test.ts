import { describe, expect, it } from 'vitest';
import { historyOf, newUser, payer, sendMoney } from '../../test/harness.js';
import { consumeMoneyEvents } from './money-events.js';
import { centreOf, pushTestApp } from './push-fixtures.js';

// Money received that paid the EMT levy says so: the notice names the levy and what was added, and
// the history row (the receipt) carries the levy taken from it.

const fixture = pushTestApp({ EMT_LEVY: '50', EMT_LEVY_THRESHOLD: '10000' }, { ledgerChecked: true });

describe('the EMT levy in the money-received notice and the receipt', () => {
  it('₦25,000 received: "₦50.00 EMT levy was deducted; ₦24,950.00 was added"', async () => {
    const t = fixture.t;
    const [a, b] = [await payer(t.app, 3_000_000), await newUser(t.app)];
    const reference = await sendMoney(t.app, a, b, 2_500_000);
    await consumeMoneyEvents(t.db);
    const [notice] = await centreOf(t.app, b);
    expect(notice).toMatchObject({ kind: 'money', title: 'You received ₦25,000.00' });
    expect(notice!.body).toMatch(/\. ₦50\.00 EMT levy was deducted; ₦24,950\.00 was added\.$/);
    const row = (await historyOf(t.app, b)).data.find((h) => h.reference === reference && h.direction === 'credit');
    expect(row).toMatchObject({ amount: 2_500_000, levy: 5_000 });
  });

  it('money under the threshold says nothing of a levy, and its row carries none', async () => {
    const t = fixture.t;
    const [a, b] = [await payer(t.app, 3_000_000), await newUser(t.app)];
    const reference = await sendMoney(t.app, a, b, 500_000);
    await consumeMoneyEvents(t.db);
    const [notice] = await centreOf(t.app, b);
    expect(notice!.body).not.toMatch(/levy/);
    const row = (await historyOf(t.app, b)).data.find((h) => h.reference === reference && h.direction === 'credit');
    expect(row).not.toHaveProperty('levy');
  });
});
