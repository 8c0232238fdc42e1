import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, payer, fileApp } from '../../test/harness.js';
import type { WalletDeps } from './deps.js';
import { createTarget, runDueSavings } from './savings.service.js';
import { savingsRuns, savingsTargets } from './tables.js';

const t = fileApp({ ledgerChecked: true });
let deps: WalletDeps;
beforeAll(() => {
  deps = { db: t.db, config: t.config, providers: t.providers };
});

describe('a monthly automatic saving over several months', () => {
  // (In 2025, after every slot of the next test, so the two never run each other's targets.)
  it('a row with no anchor day (saved before it was kept) keeps the day of its last slot', async () => {
    const u = await payer(t.app, 100_000);
    const target = await createTarget(
      deps,
      u.id,
      { name: 'Old', targetAmount: 1_000_000, targetDate: '2025-12-31', autoSave: { amount: 1_000, frequency: 'monthly' } },
      new Date('2025-01-31T08:00:00Z'),
    );
    await t.db.update(savingsTargets).set({ autoDay: null }).where(eq(savingsTargets.id, target.id));
    expect(await runDueSavings(deps, new Date('2025-02-28T08:00:00Z'))).toBe(1);
    const [row] = await t.db.select().from(savingsTargets).where(eq(savingsTargets.id, target.id));
    expect(row!.nextRunAt!.toISOString()).toBe('2025-03-28T08:00:00.000Z');
  });

  it('started on 31 January runs on the 29th of February (2024), then on the 31st again where the month has one', async () => {
    const u = await payer(t.app, 100_000);
    // Created at 09:30 UTC on 31 January 2024 (by the scheduler's clock).
    const created = new Date('2024-01-31T09:30:00Z');
    const target = await createTarget(
      deps,
      u.id,
      { name: 'Rent', targetAmount: 1_000_000, targetDate: '2024-12-31', autoSave: { amount: 10_000, frequency: 'monthly' } },
      created,
    );
    expect(target.autoSave!.nextRunAt).toBe('2024-02-29T09:30:00.000Z');
    const [row] = await t.db.select().from(savingsTargets).where(eq(savingsTargets.id, target.id));
    expect(row!.autoDay).toBe(31);

    const slots = [
      '2024-02-29T09:30:00.000Z',
      '2024-03-31T09:30:00.000Z',
      '2024-04-30T09:30:00.000Z',
      '2024-05-31T09:30:00.000Z',
      '2024-06-30T09:30:00.000Z',
    ];
    for (const [i, slot] of slots.entries()) {
      const [before] = await t.db.select().from(savingsTargets).where(eq(savingsTargets.id, target.id));
      expect(before!.nextRunAt!.toISOString()).toBe(slot);
      // A minute early nothing runs; at the slot it runs once.
      expect(await runDueSavings(deps, new Date(new Date(slot).getTime() - 60_000))).toBe(0);
      expect(await runDueSavings(deps, new Date(slot))).toBe(1);
      expect(await runDueSavings(deps, new Date(slot))).toBe(0);
      expect((await balancesOf(t.app, u)).savingsBalance).toBe(10_000 * (i + 1));
    }
    const runs = await t.db.select().from(savingsRuns).where(eq(savingsRuns.targetId, target.id)).orderBy(savingsRuns.scheduledFor);
    expect(runs.map((r) => r.scheduledFor.toISOString())).toEqual(slots);
    const [after] = await t.db.select().from(savingsTargets).where(eq(savingsTargets.id, target.id));
    expect(after!.nextRunAt!.toISOString()).toBe('2024-07-31T09:30:00.000Z');
  });
});
