import { sql } from 'drizzle-orm';
import type { KycConfig, TierSetting } from '../../platform/config-kyc.js';
import type { Tx } from '../../platform/db.js';
import { kycRules, kycTiers } from './tables.js';

/** The settings the posting path reads (kyc_tiers, kyc_rules), written from the config at start-up. */
export async function writeKycSettings(db: Tx, kyc: KycConfig): Promise<void> {
  await db
    .insert(kycTiers)
    .values(kyc.tiers.map((t) => ({ tier: t.tier, perDeposit: t.perDeposit, balanceCap: t.balanceCap, dailyOut: t.dailyOut })))
    .onConflictDoUpdate({
      target: kycTiers.tier,
      set: { perDeposit: sqlExcluded('per_deposit'), balanceCap: sqlExcluded('balance_cap'), dailyOut: sqlExcluded('daily_out') },
    });
  const rules = { verifyDays: kyc.verifyDays, newDeviceDailyOut: kyc.newDeviceDailyOut, levy: kyc.levy, levyThreshold: kyc.levyThreshold };
  await db
    .insert(kycRules)
    .values({ id: 1, ...rules })
    .onConflictDoUpdate({ target: kycRules.id, set: rules });
}

const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);

export const tierOf = (kyc: KycConfig, tier: number): TierSetting => kyc.tiers[Math.min(Math.max(tier, 1), 3) - 1]!;

/** Today's date in Lagos (UTC+1), as kyc_usage keeps it. */
export const lagosDay = (now = new Date()) => new Date(now.getTime() + 3600_000).toISOString().slice(0, 10);
