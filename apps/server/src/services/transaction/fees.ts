/** Fees in kobo. Transfers between Owo users are free; bank transfers follow the usual NIP tiers. */
export const sendMoneyFee = (_amount: bigint): bigint => 0n;

export function bankTransferFee(amount: bigint): bigint {
  if (amount <= 500_000n) return 1_000n; // up to ₦5,000: ₦10
  if (amount <= 5_000_000n) return 2_500n; // up to ₦50,000: ₦25
  return 5_000n; // above: ₦50
}

/** Start of today in Lagos (WAT, UTC+1, no daylight saving), as a UTC instant. */
export function startOfLagosDay(now = new Date()): Date {
  const lagos = new Date(now.getTime() + 3600_000);
  return new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate()) - 3600_000);
}
