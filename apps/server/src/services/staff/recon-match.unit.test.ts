import { describe, expect, it } from 'vitest';
import type { SettlementLine } from '../../platform/settlements.js';
import { actionsOf, ledgerRecords, matchDay, type LedgerRecord } from './recon-match.js';

const line = (reference: string, amount: number, status: SettlementLine['status']): SettlementLine => ({
  reference,
  providerRef: null,
  amount: BigInt(amount),
  status,
});
const ledger = (...records: [string, number, LedgerRecord['status']][]) =>
  new Map(records.map(([reference, amount, status]) => [reference, { reference, amount: BigInt(amount), status, owner: 'u1' }]));

describe('matching a day', () => {
  it.each([
    ['a settled payment the ledger posted for the same amount', [line('R', 500, 'successful')], ledger(['R', 500, 'posted']), null],
    ['a failure the ledger voided', [line('R', 500, 'failed')], ledger(['R', 500, 'voided']), null],
    ['a failure the ledger never recorded', [line('R', 500, 'failed')], ledger(), null],
    ['in flight on both sides', [line('R', 500, 'pending')], ledger(['R', 500, 'pending']), null],
    ['a settled payment the ledger lacks', [line('R', 500, 'successful')], ledger(), 'not_in_ledger'],
    ['a settled payment the ledger voided', [line('R', 500, 'successful')], ledger(['R', 500, 'voided']), 'not_in_ledger'],
    ['a reversal of a posted payment', [line('R', 500, 'reversed')], ledger(['R', 500, 'posted']), 'failed_at_provider'],
    ['a posted payment the provider does not report', [], ledger(['R', 500, 'posted']), 'not_at_provider'],
    ['another amount', [line('R', 600, 'successful')], ledger(['R', 500, 'posted']), 'amount_differs'],
    ['settled at the provider, waiting in the ledger', [line('R', 500, 'successful')], ledger(['R', 500, 'pending']), 'pending'],
    ['waiting at the provider, posted in the ledger', [line('R', 500, 'pending')], ledger(['R', 500, 'posted']), 'pending'],
  ] as const)('%s', (_name, lines, records, expected) => {
    const { matched, findings } = matchDay(lines, records);
    expect(findings.map((f) => f.mismatch)).toEqual(expected ? [expected] : []);
    expect(matched).toEqual(expected ? [] : ['R']);
  });

  it('takes the last line of a reference (a charge later reversed)', () => {
    const { findings } = matchDay([line('R', 500, 'successful'), line('R', 500, 'reversed')], ledger(['R', 500, 'posted']));
    expect(findings[0]!.mismatch).toBe('failed_at_provider');
  });

  it('takes a reference’s posted transfers together, above pending and voided ones', () => {
    const t = (status: LedgerRecord['status'], amount: number) => ({
      reference: 'R',
      kind: 'bill.airtime',
      amount: BigInt(amount),
      status,
      owner: 'u1',
    });
    expect(ledgerRecords([t('voided', 100), t('posted', 200), t('pending', 50), t('posted', 300)]).get('R')).toMatchObject({
      status: 'posted',
      amount: 500n,
    });
  });
});

describe('what finance may do', () => {
  const f = (mismatch: Parameters<typeof actionsOf>[1]['mismatch'], provider: number | null, posted: number | null) => ({
    mismatch,
    line: provider === null ? null : line('R', provider, 'successful'),
    ledger: posted === null ? null : { reference: 'R', amount: BigInt(posted), status: 'posted' as const, owner: 'u1' },
  });

  it.each([
    ['card', f('not_in_ledger', 500, null), ['credit', 'explain']],
    ['payout', f('not_in_ledger', 500, null), ['explain']],
    ['card', f('failed_at_provider', 500, 500), ['reversal', 'explain']],
    ['payout', f('failed_at_provider', 500, 500), ['refund', 'explain']],
    ['bill', f('not_at_provider', null, 500), ['refund', 'explain']],
    ['inbound', f('amount_differs', 600, 500), ['credit', 'explain']],
    ['inbound', f('amount_differs', 400, 500), ['explain']],
    ['payout', f('amount_differs', 400, 500), ['credit', 'explain']],
    ['card', f('pending', 500, 500), ['explain']],
  ] as const)('%s %o offers %o', (source, finding, expected) => {
    expect(actionsOf(source, finding, true)).toEqual(expected);
  });

  it('offers only explaining when the customer is unknown', () => {
    expect(actionsOf('card', f('not_in_ledger', 500, null), false)).toEqual(['explain']);
  });
});
