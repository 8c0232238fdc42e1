import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { newId } from './crypto.js';
import type { Db, Tx } from './db.js';
import { maskPhone } from './phone.js';
import { notices, outbox } from './tables.js';

export type Attachment = { filename: string; contentType: string; contentBase64: string };
/** An in-app notice: `link` is the app path it opens. */
export type Notice = { kind: string; title: string; body: string; link?: string };
export type EmailMessage = { to: string; subject: string; text: string; attachments?: Attachment[] };

/** SMS gateway. The sandbox accepts everything and sends nothing; messages stay readable in the outbox. */
export interface SmsProvider {
  readonly name: string;
  send(to: string, body: string): Promise<void>;
}
export interface EmailProvider {
  readonly name: string;
  send(msg: EmailMessage, from: string): Promise<void>;
}

export const sandboxSms: SmsProvider = { name: 'sandbox', send: async () => {} };
export const sandboxEmail: EmailProvider = { name: 'sandbox', send: async () => {} };

export function smtpEmail(url: string): EmailProvider {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(msg, from) {
      await transport.sendMail({
        from,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        attachments: msg.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
      });
    },
  };
}

/** The gateways for this config: email through SMTP when SMTP_URL is set, else only the development outbox; SMS in the sandbox. */
export function notificationProviders(config: Pick<Config, 'smtpUrl'>): { sms: SmsProvider; email: EmailProvider } {
  return { sms: sandboxSms, email: config.smtpUrl ? smtpEmail(config.smtpUrl) : sandboxEmail };
}

const MAX_ATTEMPTS = 5;
/** How long a sender's claim on a row lasts: a process that dies mid-send leaves it to expire, then another sends it. */
const CLAIM_SECONDS = 60;

/**
 * Transactional outbox: callers enqueue inside their own database transaction, so a message goes
 * out exactly when the change that caused it commits. A worker drains pending rows, claiming
 * each before sending it, so several server processes draining one database send it once.
 */
export class Notifier {
  private draining: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly sms: SmsProvider,
    private readonly email: EmailProvider,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly keepBodies: boolean,
  ) {}

  /** In-app notices for these people, in the caller's transaction: they appear when the change commits. */
  async notice(tx: Tx, userIds: string[], n: Notice): Promise<void> {
    if (!userIds.length) return;
    await tx.insert(notices).values(userIds.map((userId) => ({ id: newId(), userId, ...n, link: n.link ?? null })));
  }

  async enqueueSms(tx: Tx, to: string, body: string): Promise<void> {
    await tx.insert(outbox).values({ id: newId(), channel: 'sms', recipient: to, body });
  }

  async enqueueEmail(tx: Tx, msg: EmailMessage): Promise<void> {
    await tx.insert(outbox).values({
      id: newId(),
      channel: 'email',
      recipient: msg.to.toLowerCase(),
      subject: msg.subject,
      body: msg.text,
      attachments: msg.attachments ?? null,
    });
  }

  /** Sends what is pending now; concurrent calls share one pass. Resolves to the number of rows the pass took (sent or failed). */
  drain(): Promise<number> {
    this.draining ??= this.drainOnce().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  /**
   * Claims up to 50 pending rows for this process in one statement: rows another process claims at
   * this moment are skipped (not waited for), and a claim that has not expired keeps every other
   * process off the row, so with several processes each message is sent by one of them.
   */
  private async claim() {
    const claimable = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.status, 'pending'),
          lt(outbox.attempts, MAX_ATTEMPTS),
          or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(outbox.createdAt))
      .limit(50)
      .for('update', { skipLocked: true });
    const rows = await this.db
      .update(outbox)
      .set({ claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
      .where(inArray(outbox.id, claimable))
      .returning();
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  private async drainOnce(): Promise<number> {
    const rows = await this.claim();
    for (const row of rows) {
      try {
        if (row.channel === 'sms') await this.sms.send(row.recipient, row.body ?? '');
        else
          await this.email.send(
            { to: row.recipient, subject: row.subject ?? '', text: row.body ?? '', attachments: row.attachments ?? undefined },
            this.from,
          );
        await this.db
          .update(outbox)
          .set({
            status: 'sent',
            sentAt: new Date(),
            attempts: row.attempts + 1,
            claimedUntil: null,
            // In production the text (which may hold a code) is not kept once delivered.
            ...(this.keepBodies ? {} : { body: null, attachments: null }),
          })
          .where(eq(outbox.id, row.id));
        this.log.info(
          { channel: row.channel, to: row.channel === 'sms' ? maskPhone(row.recipient) : row.recipient.replace(/^(.).*@/, '$1***@') },
          'notification sent',
        );
      } catch (err) {
        const attempts = row.attempts + 1;
        await this.db
          .update(outbox)
          // The failure is counted and the claim cleared, so the next round (of any process) tries again.
          .set({
            attempts,
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            claimedUntil: null,
            lastError: String((err as Error).message).slice(0, 500),
          })
          .where(eq(outbox.id, row.id));
        this.log.warn({ channel: row.channel, attempts }, 'notification failed');
      }
    }
    return rows.length;
  }

  /** Waits for a drain in progress (the job runner, platform/jobs.ts, runs `drain` every OUTBOX_DRAIN_MS). */
  async stop(): Promise<void> {
    await this.draining;
  }

  /** Newest messages for one address (development outbox). */
  async newestFor(recipient: string, limit = 20) {
    return this.db
      .select({
        id: outbox.id,
        channel: outbox.channel,
        to: outbox.recipient,
        subject: outbox.subject,
        body: outbox.body,
        status: outbox.status,
        createdAt: outbox.createdAt,
      })
      .from(outbox)
      .where(eq(outbox.recipient, recipient))
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(limit);
  }
}
