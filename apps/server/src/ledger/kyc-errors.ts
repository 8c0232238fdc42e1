import { formatNaira } from '@owo/contracts';
import { AppError } from '../platform/errors.js';

/** How each tier's daily limit is raised, as the refusal says it. */
const RAISE: Record<string, string> = {
  '1': 'Verify your BVN and NIN in Account › Limits and verification to raise it.',
  '2': 'Upgrade to Tier 3 with an ID and a proof of address in Account › Limits and verification to raise it.',
  '3': 'Your limit starts again at midnight.',
};

/**
 * The KYC rules' refusals, raised by the posting path (services/kyc/sql/owo_kyc_check.sql), as the
 * API's errors: what the limit is, what is left today and how to raise it. 403: the payment is
 * refused by a rule, and nothing was written.
 */
export function kycRefusal(code: 'KYC_LIMIT' | 'KYC_RESTRICTED' | 'DEVICE_LIMIT', detail: string): AppError {
  const n = detail.split(':');
  if (code === 'KYC_RESTRICTED') {
    return new AppError(
      403,
      code,
      'Your account can receive money but not send it: no BVN or NIN has been verified. Verify your BVN or NIN in Account › Limits and verification to lift this.',
    );
  }
  if (code === 'DEVICE_LIMIT') {
    const [limit, left] = n.map((v) => BigInt(v || '0'));
    return new AppError(
      403,
      code,
      `This device is new: for its first day it can send up to ${formatNaira(limit!)} a day. You can send ${formatNaira(left!)} more today from it.`,
    );
  }
  const [tier = '1', limit = '0', left = '0'] = n;
  return new AppError(
    403,
    code,
    `This payment is over your Tier ${tier} daily limit of ${formatNaira(BigInt(limit))}. You can send ${formatNaira(BigInt(left))} more today. ${RAISE[tier] ?? ''}`.trim(),
  );
}
