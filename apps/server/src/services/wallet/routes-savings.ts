import * as c from '@owo/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.js';
import { bearer, bearerDoc, bearerPin, bearerPinDoc, errorResponses } from '../../platform/guards.js';
import { ok } from '../../platform/http.js';
import { withIdempotency } from '../../platform/idempotency.js';
import { paged, pageInfo } from '../../platform/pagination.js';
import type { WalletDeps } from './deps.js';
import { createLoan, LOAN_TYPES, listLoans, loanEligibility, repayLoan } from './loans.service.js';
import { listLocked, lockFunds, previewLock, withdrawLocked } from './locked.service.js';
import { createTarget, listTargets, savingsTransactions, topUp, withdraw } from './savings.service.js';
import { sendStatement } from './statement.service.js';

const withErrors = <T extends object>(r: T) => ({ ...r, ...errorResponses, 422: c.errorBody });

/** Savings targets, locked funds, statements and loans: the wallet's slower money. */
export function savingsRoutes(deps: WalletDeps): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['savings'];

    app.post(
      '/savings-target',
      {
        ...bearer,
        schema: {
          tags,
          summary: 'Create a savings target, optionally with automatic saving (daily, weekly or monthly)',
          ...bearerDoc,
          body: c.createSavingsTargetBody,
          response: withErrors({ 201: c.savingsTargetResponse }),
        },
      },
      async (req, reply) => reply.status(201).send(ok(await createTarget(deps, authOf(req).userId, req.body), 'Savings target created')),
    );

    app.post(
      '/savings-target/top-up',
      {
        ...bearerPin,
        schema: {
          tags,
          summary: 'Move money from the wallet into a target (PIN; Idempotency-Key accepted)',
          ...bearerPinDoc,
          body: c.topUpBody,
          response: withErrors({ 200: c.savingsTargetResponse }),
        },
      },
      async (req, reply) => {
        const { userId } = authOf(req);
        return withIdempotency(app.db, req, reply, userId, 'savings.top-up', async (tx) =>
          ok(await topUp(tx, userId, req.body.targetId, req.body.amount), 'Savings topped up'),
        );
      },
    );

    app.get(
      '/savings-target',
      {
        ...bearer,
        schema: {
          tags,
          summary: 'Your savings targets with saved amount, progress and the last automatic saving',
          ...bearerDoc,
          querystring: c.listQuery,
          response: withErrors({ 200: c.savingsTargetsResponse }),
        },
      },
      async (req) => paged('Savings targets', req.query, await listTargets(deps, authOf(req).userId, req.query)),
    );

    app.get(
      '/savings-target/transactions',
      {
        ...bearer,
        schema: {
          tags,
          summary: 'Savings movements, optionally of one target',
          ...bearerDoc,
          querystring: c.savingsTransactionsQuery,
          response: withErrors({ 200: c.savingsTransactionsResponse }),
        },
      },
      async (req) => {
        const { items, total } = await savingsTransactions(deps, authOf(req).userId, req.query);
        return {
          status: true as const,
          message: 'Savings transactions',
          data: items,
          pagination: pageInfo(req.query.page, req.query.limit, total),
        };
      },
    );

    app.patch(
      '/savingtarget/withdraw/:id',
      {
        ...bearer,
        schema: {
          tags,
          summary: 'Withdraw a target back to the wallet: all of it (closing the target) or {amount}',
          ...bearerDoc,
          params: c.uuidParam,
          body: c.withdrawSavingsBody,
          response: withErrors({ 200: c.savingsTargetResponse }),
        },
      },
      async (req) => ok(await withdraw(deps, authOf(req).userId, req.params.id, req.body?.amount), 'Withdrawn to your wallet'),
    );

    const lockTags = ['locked funds'];
    app.post(
      '/lock/initiate',
      {
        ...bearer,
        schema: {
          tags: lockTags,
          summary: 'Preview a lock: maturity date, the rate for the duration, interest, tax and payout',
          ...bearerDoc,
          body: c.lockBody,
          response: withErrors({ 200: c.lockPreviewResponse }),
        },
      },
      async (req) => ok(previewLock(deps, req.body), 'Lock preview'),
    );

    app.post(
      '/lockedfund',
      {
        ...bearerPin,
        schema: {
          tags: lockTags,
          summary: 'Lock money from the wallet until maturity (PIN; Idempotency-Key accepted)',
          ...bearerPinDoc,
          body: c.lockBody,
          response: withErrors({ 201: c.lockedFundResponse }),
        },
      },
      async (req, reply) => {
        const { userId } = authOf(req);
        return withIdempotency(app.db, req, reply, userId, 'locked.create', async (tx) => {
          reply.status(201);
          return ok(await lockFunds(deps, tx, userId, req.body), 'Funds locked');
        });
      },
    );

    app.get(
      '/lockedfund',
      {
        ...bearer,
        schema: {
          tags: lockTags,
          summary: 'Your locked funds',
          ...bearerDoc,
          querystring: c.listQuery,
          response: withErrors({ 200: c.lockedFundsResponse }),
        },
      },
      async (req) => paged('Locked funds', req.query, await listLocked(deps, authOf(req).userId, req.query)),
    );

    app.post(
      '/lockedfund/withdraw/:id',
      {
        ...bearer,
        schema: {
          tags: lockTags,
          summary: 'Pay a matured fund (principal and interest after tax) into the wallet; refused before maturity',
          ...bearerDoc,
          params: c.uuidParam,
          response: withErrors({ 200: c.lockedFundResponse }),
        },
      },
      async (req) => ok(await withdrawLocked(deps, authOf(req).userId, req.params.id), 'Paid into your wallet'),
    );

    app.post(
      '/generate-statement',
      {
        ...bearerPin,
        schema: {
          tags: ['statements'],
          summary: 'Email a PDF statement for a date range to your email (a typed email must match it); PIN required',
          ...bearerPinDoc,
          body: c.statementBody,
          response: withErrors({ 200: c.statementResponse }),
        },
      },
      async (req) => {
        const r = await sendStatement({ ...deps, notifier: app.notifier }, authOf(req).userId, req.body);
        return ok(r, `Your statement is on its way to ${r.sentTo}`);
      },
    );

    const loanTags = ['loans'];
    app.get(
      '/e-comm/api/loan/types',
      {
        ...bearer,
        schema: {
          tags: loanTags,
          summary: 'Loan types with limits, tenor and interest',
          ...bearerDoc,
          response: withErrors({ 200: c.loanTypesResponse }),
        },
      },
      async () =>
        ok(
          LOAN_TYPES.map((t) => ({ ...t })),
          'Loan types',
        ),
    );

    app.get(
      '/e-comm/api/loan/eligibility',
      {
        ...bearer,
        schema: {
          tags: loanTags,
          summary:
            'Whether you can borrow now (of one loan type, or any), by the same rules as applying; when not, the reason (the words a refused application carries). maxAmount is the most your recent inflows allow.',
          ...bearerDoc,
          querystring: c.loanEligibilityQuery,
          response: withErrors({ 200: c.loanEligibilityResponse }),
        },
      },
      async (req) => {
        const e = await loanEligibility(deps, authOf(req).userId, req.query.loanTypeId);
        return ok(e, e.eligible ? 'You can apply for a loan' : 'You are not eligible for a loan yet');
      },
    );

    app.get(
      '/e-comm/api/loan',
      {
        ...bearer,
        schema: {
          tags: loanTags,
          summary: 'Your loans with their schedule and what is owed',
          ...bearerDoc,
          querystring: c.listQuery,
          response: withErrors({ 200: c.loansResponse }),
        },
      },
      async (req) => paged('Loans', req.query, await listLoans(deps, authOf(req).userId, req.query)),
    );

    app.post(
      '/e-comm/api/loan/create',
      {
        ...bearer,
        schema: {
          tags: loanTags,
          summary:
            'Apply; if eligible (verified phone, account age, recent inflows, no open loan) the money is paid into the wallet. Refusals carry the reason in description.',
          ...bearerDoc,
          body: c.createLoanBody,
          response: withErrors({ 201: c.loanResponse }),
        },
      },
      async (req, reply) =>
        reply.status(201).send(ok(await createLoan(deps, authOf(req).userId, req.body), 'Loan approved and paid into your wallet')),
    );

    app.post(
      '/e-comm/api/loan/:id/repay',
      {
        ...bearerPin,
        schema: {
          tags: loanTags,
          summary: 'Repay from the wallet: {amount} or everything owed (PIN; Idempotency-Key accepted)',
          ...bearerPinDoc,
          params: c.uuidParam,
          body: c.repayLoanBody,
          response: withErrors({ 200: c.loanResponse }),
        },
      },
      async (req, reply) => {
        const { userId } = authOf(req);
        return withIdempotency(app.db, req, reply, userId, 'loan.repay', async (tx) =>
          ok(await repayLoan(deps, tx, userId, req.params.id, req.body?.amount), 'Repayment received'),
        );
      },
    );
  };
}
