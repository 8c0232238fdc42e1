import * as c from '@owo/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceOptions } from '../../platform/app.js';
import { authOf, confirmAuth } from '../../platform/auth.js';
import { bearer, bearerDoc, bearerPinDeferred, bearerPinDoc, errorResponses } from '../../platform/guards.js';
import { ok, sendJsonText } from '../../platform/http.js';
import { paymentsTotal } from '../../platform/metrics.js';
import { idempotencyKeyOf, requestHash, withPaymentIdempotency } from '../../platform/idempotency.js';
import type { Receipt } from '@owo/contracts';
import { pageInfo } from '../../platform/pagination.js';
import { historyFor, listHistory, toReceipt } from './history.js';
import { z } from 'zod';
import { paymentHandler, type TransactionProviders } from './payment-types.js';
import { COMPLETE_SCOPE, completeSendMoney, initiateSendMoney } from './send-money.service.js';
import { notFound } from '../../platform/errors.js';

const tags = ['transaction'];

export const transactionRoutes: FastifyPluginAsync<ServiceOptions<TransactionProviders>> = async (
  fastify,
  { providers: { paymentTypes } },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/v1/initiate',
    {
      ...bearer,
      schema: {
        tags,
        summary:
          'Preview a payment (sendMoney, or a bill: airtime, data, electricity, tv, betting): returns a reference valid for 10 minutes',
        ...bearerDoc,
        body: c.initiateBody,
        response: { 200: c.previewResponse, ...errorResponses, 422: c.errorBody },
      },
    },
    async (req) => {
      const { userId } = authOf(req);
      const body = req.body;
      const preview =
        body.type === 'sendMoney'
          ? await initiateSendMoney(app.db, userId, body)
          : await paymentHandler(paymentTypes, body.type).initiate(app.db, userId, body);
      return ok(preview, 'Confirm the payment');
    },
  );

  app.post(
    '/api/v1/complete',
    {
      ...bearerPinDeferred,
      schema: {
        tags,
        summary:
          'Post a previewed payment (PIN in header transactionPin; Idempotency-Key accepted). Completing again returns the same receipt.',
        ...bearerPinDoc,
        body: c.completeBody,
        response: { 200: c.receiptResponse, ...errorResponses, 422: c.errorBody },
      },
    },
    async (req, reply) => {
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
        return sendJsonText(reply as FastifyReply, out.statusCode, out.body);
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
    },
  );

  app.get(
    '/api/v1/transactions/:reference',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'One of your transactions by reference (your side of it)',
        ...bearerDoc,
        params: z.object({ reference: c.referenceField }),
        response: { 200: c.receiptResponse, ...errorResponses },
      },
    },
    async (req) => {
      const { userId } = authOf(req);
      const row =
        (await historyFor(app.db, userId, req.params.reference, 'debit')) ??
        (await historyFor(app.db, userId, req.params.reference, 'credit'));
      if (!row) throw notFound('Transaction not found', 'TRANSACTION_NOT_FOUND');
      return ok(toReceipt(row), 'Transaction');
    },
  );

  app.post(
    '/api/v1/transactions',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Your history, newest first: filters (type, direction, status, from, to) and pagination in the body',
        ...bearerDoc,
        body: c.historyBody,
        response: { 200: c.historyResponse, ...errorResponses },
      },
    },
    async (req) => {
      const { items, total } = await listHistory(app.db, authOf(req).userId, req.body);
      return { status: true as const, message: 'Transactions', data: items, pagination: pageInfo(req.body.page, req.body.limit, total) };
    },
  );
};
