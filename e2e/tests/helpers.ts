import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

/** Saves a full-page screenshot under e2e/artifacts/ for people to look at. */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: false });
}

/** A unique, valid Nigerian mobile number in local form. */
export const newPhone = () => `0803${String(Date.now()).slice(-7)}`;
export const e164 = (local: string) => `+234${local.slice(1)}`;

/** Reads the newest 6-digit code texted or emailed to an address (development outbox). */
export async function readCode(request: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const body = (await res.json()) as { data: { body: string | null }[] };
      code = /\b(\d{6})\b/.exec(body.data[0]?.body ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** A small PNG made in the page's own canvas, as a file to upload. */
export async function makePng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 240;
    c.height = 240;
    const g = c.getContext('2d')!;
    const grad = g.createLinearGradient(0, 0, 240, 240);
    grad.addColorStop(0, '#0b6e4f');
    grad.addColorStop(1, '#f2c14e');
    g.fillStyle = grad;
    g.fillRect(0, 0, 240, 240);
    g.fillStyle = '#fff';
    g.font = 'bold 96px sans-serif';
    g.fillText('NA', 50, 155);
    return c.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}
