import type { HistoryItem } from '@owo/contracts';
import { formatLagosDate, formatNaira } from '@owo/contracts/format';
import { feeText } from './money';
import { DIRECTION_LABELS, TX_STATUS_LABELS, counterpartyName, txTypeLabel } from './transactions';

export type ReceiptData = HistoryItem | (Omit<HistoryItem, 'updatedAt'> & { updatedAt?: string; total?: number });

export function receiptTotal(item: ReceiptData): number {
  if ('total' in item && typeof item.total === 'number') return item.total;
  return item.direction === 'debit' ? item.amount + item.fee : item.amount;
}

/** Money received that paid the EMT levy, in words: "₦50.00 EMT levy was deducted; ₦24,950.00 was added". */
export function levyText(item: Pick<ReceiptData, 'amount' | 'levy'>): string {
  const levy = item.levy ?? 0;
  return `${formatNaira(levy)} EMT levy was deducted; ${formatNaira(item.amount - levy)} was added`;
}

/** The label/value lines a receipt shows, shared by the screen and the PNG. */
export function receiptLines(item: ReceiptData): Array<[string, string]> {
  const lines: Array<[string, string]> = [[item.direction === 'credit' ? 'From' : 'To', counterpartyName(item)]];
  if (item.counterparty.bankName) lines.push(['Bank', item.counterparty.bankName]);
  if (item.counterparty.accountNumber) lines.push(['Account number', item.counterparty.accountNumber]);
  lines.push(
    ['Type', txTypeLabel(item)],
    ['Direction', DIRECTION_LABELS[item.direction]],
    ['Amount', formatNaira(item.amount)],
    ['Fee', feeText(item.fee)],
    ['Total', formatNaira(receiptTotal(item))],
    ...(item.levy ? ([['EMT levy', levyText(item)]] as Array<[string, string]>) : []),
    ['Status', TX_STATUS_LABELS[item.status]],
  );
  if (item.narration) lines.push(['Narration', item.narration]);
  lines.push(['Date', formatLagosDate(item.createdAt, 'dateTime')], ['Reference', item.reference]);
  return lines;
}

const W = 360;
const SCALE = 2;

function wrap(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string[] {
  const words = text.split(/\s+/);
  const out: string[] = [];
  let line = '';
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (ctx.measureText(next).width > maxWidth && line) {
      out.push(line);
      line = w;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}

/** Draws the receipt on a canvas (no library) and returns it as a PNG blob. */
export async function renderReceiptPng(item: ReceiptData): Promise<Blob> {
  const lines = receiptLines(item);
  const reason = item.status === 'reversed' || item.status === 'failed' ? item.failureReason : null;
  const font = (weight: number, size: number) =>
    `${weight} ${size}px Inter, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif`;

  // Measure first so the canvas is exactly as tall as the content.
  const probe = document.createElement('canvas').getContext('2d');
  if (!probe) throw new Error('Canvas is not available');
  probe.font = font(500, 14);
  const valueWidth = W - 48 - 130;
  const rows = lines.map(([label, value]) => ({ label, value: wrap(probe, value, valueWidth) }));
  probe.font = font(500, 13);
  const reasonText =
    reason && item.status === 'reversed' && !/returned|back/i.test(reason) ? `${reason} The money is back in the wallet.` : reason;
  const reasonLines = reasonText ? wrap(probe, reasonText, W - 72) : [];
  const rowsHeight = rows.reduce((h, r) => h + 14 + r.value.length * 20, 0);
  const height = 176 + (reasonLines.length ? reasonLines.length * 18 + 36 : 0) + rowsHeight + 72;

  const canvas = document.createElement('canvas');
  canvas.width = W * SCALE;
  canvas.height = height * SCALE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  ctx.scale(SCALE, SCALE);

  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, W, height);
  // Header band
  ctx.fillStyle = '#0b6e4f';
  ctx.fillRect(0, 0, W, 132);
  ctx.fillStyle = 'rgba(255,255,255,0.1)';
  ctx.beginPath();
  ctx.arc(W - 30, 10, 80, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.font = font(800, 22);
  ctx.fillText('owo', 24, 40);
  ctx.font = font(500, 13);
  ctx.fillStyle = 'rgba(255,255,255,0.8)';
  ctx.fillText('Transaction receipt', 24, 62);
  ctx.fillStyle = '#ffffff';
  ctx.font = font(700, 30);
  const sign = item.direction === 'credit' ? '+' : '-';
  ctx.fillText(`${sign}${formatNaira(item.amount)}`, 24, 108);

  let y = 160;
  ctx.font = font(700, 15);
  ctx.fillStyle = item.status === 'successful' ? '#0b6e4f' : item.status === 'pending' ? '#8a5a00' : '#c2312d';
  ctx.fillText(TX_STATUS_LABELS[item.status], 24, y);
  y += 16;

  if (reasonLines.length) {
    const boxH = reasonLines.length * 18 + 20;
    ctx.fillStyle = '#fdecea';
    ctx.beginPath();
    ctx.roundRect(24, y, W - 48, boxH, 12);
    ctx.fill();
    ctx.fillStyle = '#c2312d';
    ctx.font = font(500, 13);
    reasonLines.forEach((l, i) => ctx.fillText(l, 36, y + 24 + i * 18));
    y += boxH + 16;
  }

  for (const row of rows) {
    y += 14;
    ctx.strokeStyle = '#dde4e0';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(24, y - 8);
    ctx.lineTo(W - 24, y - 8);
    ctx.stroke();
    ctx.font = font(500, 13);
    ctx.fillStyle = '#5b6b64';
    ctx.fillText(row.label, 24, y + 12);
    ctx.font = font(600, 14);
    ctx.fillStyle = '#0f1a16';
    ctx.textAlign = 'right';
    row.value.forEach((v, i) => ctx.fillText(v, W - 24, y + 12 + i * 20));
    ctx.textAlign = 'left';
    y += row.value.length * 20;
  }

  ctx.font = font(500, 11);
  ctx.fillStyle = '#8a9791';
  ctx.textAlign = 'center';
  ctx.fillText('Thank you for using Owo · owo.ng', W / 2, height - 28);
  ctx.textAlign = 'left';

  return new Promise((resolve, reject) => {
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('Could not create the image'))), 'image/png');
  });
}

/** Shares the PNG with the system share sheet when it accepts files, else downloads it. */
export async function shareReceipt(item: ReceiptData): Promise<'shared' | 'downloaded' | 'cancelled'> {
  const blob = await renderReceiptPng(item);
  const name = `owo-receipt-${item.reference}.png`;
  const file = new File([blob], name, { type: 'image/png' });
  const nav = navigator as Navigator & { canShare?: (data: ShareData) => boolean };
  if (typeof nav.share === 'function' && nav.canShare?.({ files: [file] })) {
    try {
      await nav.share({ files: [file], title: 'Owo receipt', text: `Owo receipt ${item.reference}` });
      return 'shared';
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled';
      // Share failed for another reason: fall back to a download.
    }
  }
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return 'downloaded';
}
