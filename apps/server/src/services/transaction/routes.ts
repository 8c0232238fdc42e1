import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '../../platform/app.js';
import { authOf, confirmAuth } from '../../platform/auth.js';
import { ok, sendJsonText } from '../../platform/http.js';
import { paymentsTotal } from '../../platform/metrics.js';
import { idempotencyKeyOf, requestHash, withPaymentIdempotency } from '../../platform/idempotency.js';
import type { Receipt } from '@owo/contracts';
import { pageInfo } from '../../platform/pagination.js';
import { route, userIdOf as me } from '../../platform/route.js';
import { historyFor, listHistory, toReceipt } from './history.js';
import { paymentHandler, type TransactionProviders } from './payment-types.js';
import { COMPLETE_SCOPE, completeSendMoney, initiateSendMoney } from './send-money.service.js';
import { notFound } from '../../platform/errors.js';

export const transactionRoutes: FastifyPluginAsync<ServiceOptions<TransactionProviders>> = async (app, { providers: { paymentTypes } }) => {
  route(app, 'transaction.initiate', { guard: 'bearer' }, async (req) => {
    const userId = me(req);
    const body = req.body;
    const preview =
      body.type === 'sendMoney'
        ? await initiateSendMoney(app.db, userId, body)
        : await paymentHandler(paymentTypes, body.type).initiate(app.db, userId, body);
    return ok(preview, 'Confirm the payment');
  });

  route(app, 'transaction.complete', { guard: 'pin-deferred' }, async (req, reply) => {
    const { userId } = authOf(req);
    const key = idempotencyKeyOf(req);
    const idempotency = key ? { key, requestHash: requestHash(COMPLETE_SCOPE, req.body) } : undefined;
    // Send money is posted in one statement; other types come back with their type.
    let out = await completeSendMoney(app.db, userId, req.body.reference, idempotency, req.deferredAuth);
    if (out.kind === 'reauth') {
      await confirmAuth(app, req);
      out = await completeSendMoney(app.db, authOf(req).userId, req.body.reference, idempotency);
      if (out.kind === 'reauth') throw new Error('complete: checks were not deferred');
    }
    if (out.kind === 'done') {
      if (out.replayed) reply.header('Idempotent-Replayed', 'true');
      else paymentsTotal.inc({ type: 'sendMoney', outcome: 'successful' });
      return sendJsonText(reply, out.statusCode, out.body);
    }
    const handler = paymentHandler(paymentTypes, out.type);
    const answer = (r: Receipt) =>
      ok(
        r,
        r.status === 'successful'
          ? 'Payment successful'
          : r.status === 'pending'
            ? 'Payment is processing'
            : (r.failureReason ?? 'Payment failed'),
      );
    return withPaymentIdempotency(
      app.db,
      req,
      reply,
      userId,
      COMPLETE_SCOPE,
      async (key) => answer(await handler.complete(app.db, userId, req.body.reference, key)),
      async (reference) => answer(await handler.check(app.db, userId, reference)),
    );
  });

  route(app, 'transaction.get', { guard: 'bearer' }, async (req) => {
    const userId = me(req);
    const row =
      (await historyFor(app.db, userId, req.params.reference, 'debit')) ??
      (await historyFor(app.db, userId, req.params.reference, 'credit'));
    if (!row) throw notFound('Transaction not found', 'TRANSACTION_NOT_FOUND');
    return ok(toReceipt(row), 'Transaction');
  });

  route(app, 'transaction.history', { guard: 'bearer' }, async (req) => {
    const { items, total } = await listHistory(app.db, me(req), req.body);
    return { status: true as const, message: 'Transactions', data: items, pagination: pageInfo(req.body.page, req.body.limit, total) };
  });
};
