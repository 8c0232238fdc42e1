import * as c from '@owo/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.js';
import { bearer, bearerDoc, bearerPin, bearerPinDoc, errorResponses } from '../../platform/guards.js';
import { ok } from '../../platform/http.js';
import { withIdempotency } from '../../platform/idempotency.js';
import { pageInfo } from '../../platform/pagination.js';
import { listHistory } from './history.js';
import { completeSendMoney, initiateSendMoney } from './send-money.service.js';

const tags = ['transaction'];

export const transactionRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/v1/initiate', {
    ...bearer,
    schema: { tags, summary: 'Preview a payment (send money now; bills later): returns a reference valid for 10 minutes', ...bearerDoc, body: c.initiateBody, response: { 200: c.previewResponse, ...errorResponses, 422: c.errorBody } },
  }, async (req) => ok(await initiateSendMoney(app.db, authOf(req).userId, req.body), 'Confirm the payment'));

  app.post('/api/v1/complete', {
    ...bearerPin,
    schema: {
      tags,
      summary: 'Post a previewed payment (PIN in header transactionPin; Idempotency-Key accepted). Completing again returns the same receipt.',
      ...bearerPinDoc,
      body: c.completeBody,
      response: { 200: c.receiptResponse, ...errorResponses, 422: c.errorBody },
    },
  }, async (req, reply) => {
    const { userId } = authOf(req);
    return withIdempotency(app.db, req, reply, userId, 'transaction.complete', async () =>
      ok(await completeSendMoney(app.db, userId, req.body.reference), 'Transfer successful'),
    );
  });

  app.post('/api/v1/transactions', {
    ...bearer,
    schema: { tags, summary: 'Your history, newest first: filters (type, direction, status, from, to) and pagination in the body', ...bearerDoc, body: c.historyBody, response: { 200: c.historyResponse, ...errorResponses } },
  }, async (req) => {
    const { items, total } = await listHistory(app.db, authOf(req).userId, req.body);
    return { status: true as const, message: 'Transactions', data: items, pagination: pageInfo(req.body.page, req.body.limit, total) };
  });
};
