import { PDFParse } from 'pdf-parse';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../ledger/index.js';
import { auth, balancesOf, createTestApp, json, newUser, payer, TEST_PIN, type TestContext, type TestUser } from '../../test/harness.js';
import { ngn } from './statement.service.js';

const inbox: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  size: 10 * 1024 * 1024,
  onData(stream, session, done) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      done();
    });
  },
});

let t: TestContext;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const today = () => new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
const statement = (u: TestUser, body: object, pin: string | null = TEST_PIN) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/generate-statement',
    headers: auth(u, pin ? { transactionPin: pin } : {}),
    payload: body,
  });

describe('POST /generate-statement', () => {
  it('emails a PDF statement whose text holds every transaction and the right closing balance', async () => {
    const u = await payer(t.app, 1_500_000);
    const friend = await newUser(t.app, { firstName: 'Obinna' });
    const p = await t.app.inject({
      method: 'POST',
      url: '/api/transaction/api/v1/initiate',
      headers: auth(u),
      payload: { type: 'sendMoney', recipientId: friend.id, amount: 250_050, narration: 'Books' },
    });
    const { reference } = json(p).data as { reference: string };
    await t.app.inject({
      method: 'POST',
      url: '/api/transaction/api/v1/complete',
      headers: auth(u, { transactionPin: TEST_PIN }),
      payload: { reference },
    });
    const bank = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/initiate',
      headers: auth(u),
      payload: { bankCode: '058', accountNumber: '0123456789', amount: 100_000 },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/wallet/complete',
      headers: auth(u, { transactionPin: TEST_PIN }),
      payload: { reference: (json(bank).data as { reference: string }).reference },
    });
    const wallet = (await balancesOf(t.app, u)).walletBalance;
    expect(wallet).toBe(1_500_000 - 250_050 - 101_000);

    const res = await statement(u, { from: today(), to: today(), email: u.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ sentTo: u.email, transactions: 3, openingBalance: 0, closingBalance: wallet });

    await t.app.notifier.drain();
    const mail = inbox.find((m) => m.to.includes(u.email));
    expect(mail).toBeDefined();
    const parsed = await PostalMime.parse(mail!.raw);
    expect(parsed.subject).toBe(`Your Owo statement, ${today()} to ${today()}`);
    const pdf = parsed.attachments.find((a) => a.mimeType === 'application/pdf');
    expect(pdf?.filename).toBe(`owo-statement-${today()}-to-${today()}.pdf`);
    const content = pdf!.content as ArrayBuffer | string;
    const bytes = typeof content === 'string' ? Buffer.from(content, 'base64') : Buffer.from(content);
    const text = (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;
    expect(text).toContain('Account statement');
    expect(text).toContain('Ngozi Adebayo');
    expect(text).toContain(reference);
    expect(text).toContain('Obinna Adebayo');
    expect(text).toContain('Bank transfer');
    expect(text).toContain(`Opening balance: ${ngn(0n)}`);
    expect(text).toContain(`Closing balance: ${ngn(BigInt(wallet))}`);
    expect(text).toContain(ngn(1_500_000n));
  });

  it("refuses a typed email that is not the user's: 'Email verification failed!'", async () => {
    const u = await payer(t.app);
    const res = await statement(u, { from: today(), to: today(), email: 'someone.else@example.ng' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Email verification failed!');
  });

  it('needs the PIN and a token, and a sensible range', async () => {
    const u = await payer(t.app);
    expect((await statement(u, { from: today(), to: today() }, null)).statusCode).toBe(400);
    expect((await statement(u, { from: today(), to: today() }, '0000')).statusCode).toBe(403);
    expect(json(await statement(u, { from: '2026-02-10', to: '2026-02-01' })).message).toBe('from must be on or before to');
    expect(json(await statement(u, { from: today(), to: '2099-01-01' })).message).toBe('The statement cannot end in the future');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/generate-statement',
      headers: { transactionPin: TEST_PIN },
      payload: { from: today(), to: today() },
    });
    expect(none.statusCode).toBe(401);
    expect(json(none).message).toBe('Authorization failed, no token!');
  });
});
