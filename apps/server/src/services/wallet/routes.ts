import * as c from '@owo/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { userBalances } from '../../ledger/index.js';
import type { ServiceOptions } from '../../platform/app.js';
import { badRequest } from '../../platform/errors.js';
import { ok } from '../../platform/http.js';
import { withPaymentIdempotency, type PaymentKey } from '../../platform/idempotency.js';
import type { Receipt } from '@owo/contracts';
import { paged } from '../../platform/pagination.js';
import { route, userIdOf as me } from '../../platform/route.js';
import { getSpendingLimit, setSpendingLimit } from '../transaction/index.js';
import { checkBankTransfer, completeBankTransfer, initiateBankTransfer, resolveAccount } from './bank-transfer.service.js';
import { deleteCard, listCards } from './cards.service.js';
import type { WalletDeps, WalletProviders } from './deps.js';
import { fundByBank, fundByCard, fundBySavedCard, recoverFunding } from './funding.service.js';
import { registerWalletJobs } from './jobs.js';
import { BANK_CATEGORIES } from './providers/banks.js';
import { savingsRoutes } from './routes-savings.js';
import { handleBankTransferWebhook, signWebhook, virtualAccount } from './virtual-account.service.js';

const toKobo = (n: bigint) => Number(n);

export const walletRoutes: FastifyPluginAsync<ServiceOptions<WalletProviders>> = async (app, { providers }) => {
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
  for (const name of ['wallet.balances', 'wallet.balancesV1'] as const) {
    route(app, name, { guard: 'bearer' }, async (req) => ok(await balances(me(req)), 'Balances'));
  }

  const limitView = async (userId: string) => {
    const l = await getSpendingLimit(app.db, userId);
    return {
      dailyLimit: l.dailyLimit === null ? null : toKobo(l.dailyLimit),
      spentToday: toKobo(l.spentToday),
      remainingToday: l.remainingToday === null ? null : toKobo(l.remainingToday),
    };
  };
  route(app, 'wallet.spendingLimit', { guard: 'bearer' }, async (req) => ok(await limitView(me(req)), 'Spending limit'));
  route(app, 'wallet.setSpendingLimit', { guard: 'pin' }, async (req) => {
    const userId = me(req);
    await setSpendingLimit(app.db, userId, req.body.dailyLimit === null ? null : BigInt(req.body.dailyLimit));
    return ok(await limitView(userId), req.body.dailyLimit === null ? 'Spending limit removed' : 'Spending limit set');
  });

  route(app, 'wallet.banks', { guard: 'bearer' }, async () => ok(BANK_CATEGORIES, 'Banks'));

  route(app, 'wallet.verifyAccount', { guard: 'bearer' }, async (req) =>
    ok(await resolveAccount(deps, req.params.bankCode, req.params.accountNumber), 'Account found'),
  );

  route(app, 'wallet.initiateBankTransfer', { guard: 'bearer' }, async (req) =>
    ok(await initiateBankTransfer(deps, me(req), req.body), 'Confirm the transfer'),
  );

  route(app, 'wallet.completeBankTransfer', { guard: 'pin' }, async (req, reply) => {
    const userId = me(req);
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
  });

  route(app, 'wallet.transferStatus', { guard: 'bearer' }, async (req) =>
    ok(await checkBankTransfer(deps, me(req), req.params.reference), 'Transfer status'),
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
  route(app, 'wallet.fundCard', { guard: 'bearer' }, async (req, reply) => {
    const userId = me(req);
    return withFunding(req, reply, userId, 'wallet.fund.card', (key) => fundByCard(deps, userId, req.body, key));
  });
  route(app, 'wallet.fundSavedCard', { guard: 'pin' }, async (req, reply) => {
    const userId = me(req);
    return withFunding(req, reply, userId, 'wallet.fund.saved', (key) => fundBySavedCard(deps, userId, req.body, key));
  });
  route(app, 'wallet.cards', { guard: 'bearer' }, async (req) =>
    paged('Saved cards', req.query, await listCards(deps, me(req), req.query)),
  );
  route(app, 'wallet.deleteCard', { guard: 'bearer' }, async (req) => {
    await deleteCard(deps, me(req), req.params.id);
    return ok(null, 'Card removed');
  });
  route(app, 'wallet.fundBank', { guard: 'bearer' }, async (req, reply) => {
    const userId = me(req);
    return withFunding(req, reply, userId, 'wallet.fund.bank', (key) => fundByBank(deps, userId, req.body, key));
  });
  route(app, 'wallet.virtualAccount', { guard: 'bearer' }, async (req) => ok(await virtualAccount(deps, me(req)), 'Virtual account'));

  // The provider's webhook: signed over the exact bytes received.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    route(hook, 'wallet.bankTransferWebhook', { guard: 'none' }, async (req) => {
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
    });
  });

  if (!app.config.isProduction) {
    route(app, 'wallet.simulateBankTransfer', { guard: 'bearer' }, async (req) => {
      const va = await virtualAccount(deps, me(req));
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
    });
  }

  await app.register(savingsRoutes(deps));

  registerWalletJobs(app, deps);
};
