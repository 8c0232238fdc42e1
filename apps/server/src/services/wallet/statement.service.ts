import PDFDocument from 'pdfkit';
import { formatNaira, lagosDay } from '@owo/contracts';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Notifier } from '../../platform/notifications.js';
import { historyBetween, type HistoryRow as Row } from '../transaction/index.js';
import { userById } from '../user/index.js';
import type { WalletDeps } from './deps.js';

/** History rows that moved money in or out of the wallet: successful, or pending outflows (money already held). */
const affectsWallet = (r: Pick<Row, 'status' | 'direction'>) =>
  r.status === 'successful' || (r.status === 'pending' && r.direction === 'debit');
const signed = (r: Row) => (r.direction === 'credit' ? r.amount : -(r.amount + r.fee));

/** PDF text uses NGN: the standard PDF fonts have no naira sign. */
export const ngn = (kobo: bigint) => formatNaira(kobo, { code: true });

const startOfDay = (d: string) => new Date(`${d}T00:00:00+01:00`);
const TYPE_LABEL: Record<string, string> = {
  sendMoney: 'Transfer',
  bankTransfer: 'Bank transfer',
  funding: 'Wallet funding',
  savings: 'Savings',
  lockedFund: 'Locked funds',
  loan: 'Loan',
};

export type Statement = { pdf: Buffer; openingBalance: bigint; closingBalance: bigint; rows: number; filename: string };

/**
 * Builds the statement for [from, to] (Lagos days, inclusive): opening balance, each movement with
 * its running balance, closing balance.
 */
export async function buildStatement(deps: WalletDeps, userId: string, from: string, to: string): Promise<Statement> {
  const user = await userById(deps.db, userId);
  if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
  const start = startOfDay(from);
  const end = new Date(startOfDay(to).getTime() + 86_400_000);
  const statuses = ['successful', 'pending'] as const;
  const before = await historyBetween(deps.db, userId, { to: start, statuses });
  const during = await historyBetween(deps.db, userId, { from: start, to: end, statuses });
  const openingBalance = before.filter(affectsWallet).reduce((s, r) => s + signed(r), 0n);
  const moves = during.filter(affectsWallet);

  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Owo statement ${from} to ${to}`, Author: 'Owo' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc
    .fillColor('#0B6E4F')
    .fontSize(22)
    .font('Helvetica-Bold')
    .text('Owo', { continued: true })
    .fillColor('#222')
    .fontSize(14)
    .font('Helvetica')
    .text('   Account statement');
  doc.moveDown(0.5).fontSize(10).fillColor('#444');
  doc.text(`Account holder: ${user.firstName} ${user.lastName}`);
  doc.text(`Email: ${user.email}    Phone: ${user.phoneNumber}`);
  doc.text(`Period: ${from} to ${to} (Lagos time)`);
  doc
    .moveDown(0.5)
    .font('Helvetica-Bold')
    .fillColor('#222')
    .text(`Opening balance: ${ngn(openingBalance)}`);
  doc.moveDown(0.8);

  const cols = [40, 90, 220, 320, 398, 476];
  const header = ['Date', 'Description', 'Reference', 'Debit', 'Credit', 'Balance'];
  const line = (cells: string[], bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(7.5)
      .fillColor('#222');
    cells.forEach((c, i) => doc.text(c, cols[i]!, y, { width: (cols[i + 1] ?? 556) - cols[i]! - 3, height: 10, ellipsis: true }));
    doc.y = y + 13;
    doc.x = 40;
  };
  line(header, true);
  let balance = openingBalance;
  for (const r of moves) {
    if (doc.y > 770) {
      doc.addPage();
      line(header, true);
    }
    balance += signed(r);
    const who = r.counterparty.name;
    const desc = `${TYPE_LABEL[r.type] ?? r.type}: ${r.direction === 'credit' ? 'from' : 'to'} ${who}${r.status === 'pending' ? ' (pending)' : ''}`;
    line([
      lagosDay(r.createdAt),
      desc,
      r.reference,
      r.direction === 'debit' ? ngn(r.amount + r.fee) : '',
      r.direction === 'credit' ? ngn(r.amount) : '',
      ngn(balance),
    ]);
  }
  if (moves.length === 0) line(['', 'No transactions in this period', '', '', '', '']);
  doc
    .moveDown(0.8)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`Closing balance: ${ngn(balance)}`, 40);
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#666')
    .text(`Generated ${new Date().toISOString()} by Owo. Amounts in Nigerian naira (NGN).`);
  doc.end();
  return { pdf: await done, openingBalance, closingBalance: balance, rows: moves.length, filename: `owo-statement-${from}-to-${to}.pdf` };
}

/** Emails the statement to the user's own address; a different typed address is refused. */
export async function sendStatement(
  deps: WalletDeps & { notifier: Notifier },
  userId: string,
  body: { from: string; to: string; email?: string },
) {
  const today = lagosDay();
  if (body.to > today) throw badRequest('The statement cannot end in the future', 'STATEMENT_FUTURE');
  const user = await userById(deps.db, userId);
  if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
  if (body.email !== undefined && body.email !== user.email) throw badRequest('Email verification failed!', 'EMAIL_MISMATCH');
  const st = await buildStatement(deps, userId, body.from, body.to);
  await deps.notifier.enqueueEmail(deps.db, {
    to: user.email,
    subject: `Your Owo statement, ${body.from} to ${body.to}`,
    text: `Hello,\n\nYour Owo account statement for ${body.from} to ${body.to} is attached.\nOpening balance: ${ngn(st.openingBalance)}\nClosing balance: ${ngn(st.closingBalance)}\n\nOwo`,
    attachments: [{ filename: st.filename, contentType: 'application/pdf', contentBase64: st.pdf.toString('base64') }],
  });
  void deps.notifier.drain().catch(() => {});
  return {
    sentTo: user.email,
    transactions: st.rows,
    openingBalance: Number(st.openingBalance),
    closingBalance: Number(st.closingBalance),
  };
}
