import * as c from '@owo/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userBalances } from '../../ledger/index.js';
import type { ServiceOptions } from '../../platform/app.js';
import { authOf } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import { bearer, bearerDoc, bearerPin, bearerPinDoc, errorResponses } from '../../platform/guards.js';
import { ok } from '../../platform/http.js';
import { withPaymentIdempotency, type PaymentKey } from '../../platform/idempotency.js';
import type { Receipt } from '@owo/contracts';
import { paged } from '../../platform/pagination.js';
import { getSpendingLimit, setSpendingLimit } from '../transaction/index.js';
import {
  checkBankTransfer,
  completeBankTransfer,
  initiateBankTransfer,
  reconcileBankTransfers,
  resolveAccount,
} from './bank-transfer.service.js';
import type { WalletDeps, WalletProviders } from './deps.js';
import {
  deleteCard,
  fundByBank,
  fundByCard,
  fundBySavedCard,
  handleBankTransferWebhook,
  listCards,
  reconcileFunding,
  recoverFunding,
  signWebhook,
  virtualAccount,
} from './funding.service.js';
import { BANK_CATEGORIES } from './providers/banks.js';
import { savingsRoutes } from './routes-savings.js';
import { runDueSavings } from './savings.service.js';
import { collectDueLoans } from './loans.service.js';

const tags = ['wallet'];
const withErrors = <T extends object>(r: T) => ({ ...r, ...errorResponses, 422: c.errorBody });
const toKobo = (n: bigint) => Number(n);

export const walletRoutes: FastifyPluginAsync<ServiceOptions<WalletProviders>> = async (fastify, { providers }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: WalletDeps = { db: app.db, config: app.config, providers: { bank: providers.bank, card: providers.card } };

  const balances = async (userId: string) => {
    const b = await userBalances(app.db, userId);
    const of = (code: string) => toKobo(b.get(code)?.available ?? 0n);
    return {
      walletBalance: of('wallet'),
      savingsBalance: of('savings'),
      lockedBalance: of('locked'),
      businessWalletBalance: of('business'),
    };
  };
  for (const url of ['/wallet-balances', '/wallet/api/v1/wallet-balances']) {
    app.get(
      url,
      {
        ...bearer,
        schema: {
          tags,
          summary: 'Balances in kobo: wallet, savings, locked funds, business wallet',
          ...bearerDoc,
          response: withErrors({ 200: c.balancesResponse }),
        },
      },
      async (req) => ok(await balances(authOf(req).userId), 'Balances'),
    );
  }

  const limitView = async (userId: string) => {
    const l = await getSpendingLimit(app.db, userId);
    return {
      dailyLimit: l.dailyLimit === null ? null : toKobo(l.dailyLimit),
      spentToday: toKobo(l.spentToday),
      remainingToday: l.remainingToday === null ? null : toKobo(l.remainingToday),
    };
  };
  app.get(
    '/spending-limit',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Your daily spending limit and what is left of it today (Lagos time)',
        ...bearerDoc,
        response: withErrors({ 200: c.spendingLimitResponse }),
      },
    },
    async (req) => ok(await limitView(authOf(req).userId), 'Spending limit'),
  );
  app.post(
    '/spending-limit',
    {
      ...bearerPin,
      schema: {
        tags,
        summary: 'Set (or remove with null) the daily limit on money leaving the wallet; PIN required',
        ...bearerPinDoc,
        body: c.setSpendingLimitBody,
        response: withErrors({ 200: c.spendingLimitResponse }),
      },
    },
    async (req) => {
      const { userId } = authOf(req);
      await setSpendingLimit(app.db, userId, req.body.dailyLimit === null ? null : BigInt(req.body.dailyLimit));
      return ok(await limitView(userId), req.body.dailyLimit === null ? 'Spending limit removed' : 'Spending limit set');
    },
  );

  app.get(
    '/wallet/api/v1/get-banks-category',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Nigerian banks with their codes, by category',
        ...bearerDoc,
        response: withErrors({ 200: c.banksResponse }),
      },
    },
    async () => ok(BANK_CATEGORIES, 'Banks'),
  );

  app.get(
    '/verify-account/bankcode/:bankCode/accountNumber/:accountNumber',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Name enquiry for a bank account',
        ...bearerDoc,
        params: c.verifyAccountParams,
        response: withErrors({ 200: c.verifyAccountResponse }),
      },
    },
    async (req) => ok(await resolveAccount(deps, req.params.bankCode, req.params.accountNumber), 'Account found'),
  );

  app.post(
    '/initiate',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Wallet-to-bank preview: resolved name, fee, total and a reference valid for 10 minutes',
        ...bearerDoc,
        body: c.initiateBankBody,
        response: withErrors({ 200: c.previewResponse }),
      },
    },
    async (req) => ok(await initiateBankTransfer(deps, authOf(req).userId, req.body), 'Confirm the transfer'),
  );

  app.post(
    '/complete',
    {
      ...bearerPin,
      schema: {
        tags,
        summary:
          'Wallet-to-bank: reserve, pay out, then post or reverse by itself (PIN; Idempotency-Key accepted). The receipt status is successful, pending or reversed.',
        ...bearerPinDoc,
        body: c.completeBody,
        response: withErrors({ 200: c.receiptResponse }),
      },
    },
    async (req, reply) => {
      const { userId } = authOf(req);
      const answer = (r: Receipt) =>
        ok(
          r,
          r.status === 'successful'
            ? 'Transfer successful'
            : r.status === 'pending'
              ? 'Transfer is processing'
              : (r.failureReason ?? 'Transfer reversed'),
        );
      return withPaymentIdempotency(
        app.db,
        req,
        reply,
        userId,
        'wallet.complete',
        async (key) => answer(await completeBankTransfer(deps, userId, req.body.reference, key)),
        async (reference) => answer(await checkBankTransfer(deps, userId, reference)),
      );
    },
  );

  app.get(
    '/transfer-status/:reference',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Check a pending bank transfer with the bank and settle it',
        ...bearerDoc,
        params: z.object({ reference: c.referenceField }),
        response: withErrors({ 200: c.receiptResponse }),
      },
    },
    async (req) => ok(await checkBankTransfer(deps, authOf(req).userId, req.params.reference), 'Transfer status'),
  );

  // Funding: the intent and the Idempotency-Key commit before the charge; a retry of a key whose
  // request died answers from the intent, asking the provider if its outcome is still unknown.
  const fundedText = (r: { status: string }) => (r.status === 'successful' ? 'Wallet funded' : 'Funding is processing');
  const withFunding = (
    req: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    scope: string,
    run: (key: PaymentKey | null) => Promise<z.infer<typeof c.fundResult>>,
  ) =>
    withPaymentIdempotency(
      app.db,
      req,
      reply,
      userId,
      scope,
      async (key) => {
        const r = await run(key);
        return ok(r, fundedText(r));
      },
      async (reference) => {
        const r = await recoverFunding(deps, userId, reference);
        return ok(r, fundedText(r));
      },
    );
  app.post(
    '/fund/card',
    {
      ...bearer,
      schema: {
        tags,
        summary:
          'Fund the wallet from a card (sandbox: 4084 0840 8408 4081 succeeds, 4084 0800 0000 0409 is declined); saveCard keeps a token',
        ...bearerDoc,
        body: c.fundCardBody,
        response: withErrors({ 200: c.fundResponse }),
      },
    },
    async (req, reply) => {
      const { userId } = authOf(req);
      return withFunding(req, reply, userId, 'wallet.fund.card', (key) => fundByCard(deps, userId, req.body, key));
    },
  );
  app.post(
    '/fund/saved-card',
    {
      ...bearerPin,
      schema: {
        tags,
        summary: 'Fund the wallet from a saved card (PIN required)',
        ...bearerPinDoc,
        body: c.fundSavedCardBody,
        response: withErrors({ 200: c.fundResponse }),
      },
    },
    async (req, reply) => {
      const { userId } = authOf(req);
      return withFunding(req, reply, userId, 'wallet.fund.saved', (key) => fundBySavedCard(deps, userId, req.body, key));
    },
  );
  app.get(
    '/cards',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Your saved cards',
        ...bearerDoc,
        querystring: c.listQuery,
        response: withErrors({ 200: c.savedCardsResponse }),
      },
    },
    async (req) => paged('Saved cards', req.query, await listCards(deps, authOf(req).userId, req.query)),
  );
  app.delete(
    '/cards/:id',
    {
      ...bearer,
      schema: { tags, summary: 'Forget a saved card', ...bearerDoc, params: c.uuidParam, response: withErrors({ 200: c.messageOnly }) },
    },
    async (req) => {
      await deleteCard(deps, authOf(req).userId, req.params.id);
      return ok(null, 'Card removed');
    },
  );
  app.post(
    '/fund/bank',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Fund the wallet by direct debit of a bank account (sandbox: 0000000409 is declined)',
        ...bearerDoc,
        body: c.fundBankBody,
        response: withErrors({ 200: c.fundResponse }),
      },
    },
    async (req, reply) => {
      const { userId } = authOf(req);
      return withFunding(req, reply, userId, 'wallet.fund.bank', (key) => fundByBank(deps, userId, req.body, key));
    },
  );
  app.get(
    '/virtual-account',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Your account number for funding by bank transfer',
        ...bearerDoc,
        response: withErrors({ 200: c.virtualAccountResponse }),
      },
    },
    async (req) => ok(await virtualAccount(deps, authOf(req).userId), 'Virtual account'),
  );

  // The provider's webhook: signed over the exact bytes received.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    hook.post(
      '/webhooks/bank-transfer',
      {
        schema: {
          tags,
          summary: 'Inbound bank transfer to a virtual account (provider webhook, header x-owo-signature: hex HMAC-SHA256 of the body)',
        },
      },
      async (req) => {
        const raw = req.body as Buffer;
        let event: unknown;
        try {
          event = JSON.parse(raw.toString('utf8'));
        } catch {
          throw badRequest('The request body is not valid JSON', 'BAD_JSON');
        }
        const parsed = c.bankTransferWebhook.safeParse(event);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid event', 'VALIDATION_FAILED');
        const sig = req.headers['x-owo-signature'];
        const result = await handleBankTransferWebhook(deps, raw, Array.isArray(sig) ? sig[0] : sig, parsed.data);
        return ok(result, result.message);
      },
    );
  });

  if (!app.config.isProduction) {
    app.post(
      '/dev/simulate-bank-transfer',
      {
        ...bearer,
        schema: {
          tags,
          summary: 'Development only: send a signed inbound transfer to your virtual account',
          ...bearerDoc,
          body: c.simulateTransferBody,
          response: withErrors({ 200: c.messageOnly }),
        },
      },
      async (req) => {
        const va = await virtualAccount(deps, authOf(req).userId);
        const payload = JSON.stringify({
          eventId: `sim-${Date.now()}-${Math.random().toString(36).slice(2)}`,
          accountNumber: va.accountNumber,
          amount: req.body.amount,
          senderName: req.body.senderName,
          senderBank: 'Sandbox Bank',
          reference: 'simulated',
        });
        const res = await app.inject({
          method: 'POST',
          url: '/api/wallet/webhooks/bank-transfer',
          headers: { 'content-type': 'application/json', 'x-owo-signature': signWebhook(app.config.webhookSecret, payload) },
          payload,
        });
        if (res.statusCode !== 200) throw badRequest('Simulated transfer failed', 'SIMULATION_FAILED');
        return ok(null, 'Transfer received');
      },
    );
  }

  await app.register(savingsRoutes(deps));

  // Background work. Its state lives in the database (pending payouts, next_run_at, due dates),
  // so a restart loses nothing; tests call these functions with their own clock instead.
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, name: string, job: () => Promise<unknown>) => {
    const t = setInterval(() => void job().catch((err: unknown) => app.log.error({ err }, `${name} failed`)), ms);
    t.unref();
    timers.push(t);
  };
  app.addHook('onReady', async () => {
    if (app.config.env === 'test') return;
    every(app.config.payoutReconcileMs, 'payout reconcile', () => reconcileBankTransfers(deps));
    every(app.config.payoutReconcileMs, 'funding reconcile', () => reconcileFunding(deps));
    every(app.config.schedulerMs, 'automatic savings', () => runDueSavings(deps));
    every(app.config.schedulerMs, 'loan collection', () => collectDueLoans(deps));
  });
  app.addHook('onClose', async () => {
    for (const t of timers) clearInterval(t);
  });
};
