import type { HistoryItem } from '@owo/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { receiptLines } from '../../lib/receipt-image';
import { TransactionRow } from './TransactionRow';

const base: HistoryItem = {
  id: 'tx1',
  reference: 'OWO2026010100001',
  type: 'funding',
  direction: 'credit',
  amount: 123_456_789,
  fee: 0,
  status: 'successful',
  narration: null,
  counterparty: { id: null, name: '', bankName: null, accountNumber: null },
  failureReason: null,
  token: null,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
} as unknown as HistoryItem;

const row = (item: HistoryItem) =>
  render(
    <MemoryRouter>
      <TransactionRow item={item} />
    </MemoryRouter>,
  );

describe('TransactionRow', () => {
  it('gives a long amount its own unwrapped place and the description the line below', () => {
    row(base);
    const amount = screen.getByText('+₦1,234,567.89');
    expect(amount).toHaveClass('whitespace-nowrap', 'shrink-0');
    const description = screen.getByText(/^Wallet funding ·/);
    expect(description).not.toHaveClass('truncate');
    expect(description).toHaveClass('line-clamp-2');
    // The description is not squeezed beside the amount: they are on different lines.
    expect(amount.parentElement).not.toContainElement(description);
  });

  it('labels money another person sent you as money received from them, on the row and the receipt', () => {
    const received = {
      ...base,
      type: 'sendMoney',
      amount: 500_000,
      counterparty: { id: 'u2', name: 'Ada Okafor', bankName: null, accountNumber: null },
    } as HistoryItem;
    row(received);
    expect(screen.getByText('Ada Okafor')).toBeInTheDocument();
    expect(screen.getByText(/^Money received ·/)).toBeInTheDocument();
    expect(screen.queryByText(/Send money/)).not.toBeInTheDocument();
    const lines = Object.fromEntries(receiptLines(received));
    expect(lines).toMatchObject({ From: 'Ada Okafor', Type: 'Money received', Fee: 'Free' });
  });

  it('keeps "Send money" for money you sent', () => {
    const sent = {
      ...base,
      type: 'sendMoney',
      direction: 'debit',
      amount: 500_000,
      counterparty: { id: 'u2', name: 'Ada Okafor', bankName: null, accountNumber: null },
    } as HistoryItem;
    row(sent);
    expect(screen.getByText('Ada Okafor')).toBeInTheDocument();
    expect(screen.getByText(/^Send money ·/)).toBeInTheDocument();
  });
});
