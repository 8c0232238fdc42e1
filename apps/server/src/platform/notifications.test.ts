import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, createTestApp, json, newUser, type TestContext } from '../test/harness.js';

type Received = { from: string; to: string[]; raw: string };
const inbox: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      inbox.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      done();
    });
  },
});

let t: TestContext;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Owo <no-reply@owo.test>' } });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('email over SMTP', () => {
  it('delivers the reset code through a real SMTP conversation and marks the outbox row sent', async () => {
    const u = await newUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/user/auth/forgot-password', payload: { email: u.email } });
    expect(res.statusCode).toBe(200);
    await t.app.notifier.drain();
    const mail = inbox.find((m) => m.to.includes(u.email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('no-reply@owo.test');
    expect(mail!.raw).toContain('Subject: Your Owo password reset code');
    const code = codeIn(mail!.raw);
    const out = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(u.email)}` });
    expect((json(out).data as { status: string; body: string }[])[0]).toMatchObject({ status: 'sent' });
    expect((json(out).data as { body: string }[])[0]!.body).toContain(code);
  });
});
