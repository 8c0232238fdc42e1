import type { HistoryItem, TxStatus, TxType } from '@owo/contracts';

export const TX_TYPE_LABELS: Record<TxType, string> = {
  sendMoney: 'Send money',
  bankTransfer: 'Bank transfer',
  funding: 'Wallet funding',
  airtime: 'Airtime',
  data: 'Data',
  electricity: 'Electricity',
  tv: 'TV',
  betting: 'Betting',
  savings: 'Savings',
  lockedFund: 'Locked funds',
  loan: 'Loan',
  order: 'Shop order',
  business: 'Business wallet',
  levy: 'EMT levy',
};

export const TX_STATUS_LABELS: Record<TxStatus, string> = {
  successful: 'Successful',
  pending: 'Pending',
  failed: 'Failed',
  reversed: 'Reversed',
};

export const DIRECTION_LABELS = { credit: 'Money in', debit: 'Money out' } as const;

/** The signed amount a row shows: money in is positive, money out negative. */
export function signedAmount(item: Pick<HistoryItem, 'amount' | 'direction'>): number {
  return item.direction === 'credit' ? item.amount : -item.amount;
}

/**
 * What a row or receipt calls the transaction. Money another person sent you is "Money received"
 * (the sender is the counterparty), not "Send money".
 */
export function txTypeLabel(item: Pick<HistoryItem, 'type' | 'direction'>): string {
  if (item.type === 'sendMoney' && item.direction === 'credit') return 'Money received';
  return TX_TYPE_LABELS[item.type];
}

export function counterpartyName(item: Pick<HistoryItem, 'counterparty' | 'type'>): string {
  return item.counterparty.name || TX_TYPE_LABELS[item.type];
}
