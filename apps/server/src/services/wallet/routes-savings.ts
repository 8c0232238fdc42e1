import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http.js';
import { withIdempotency } from '../../platform/idempotency.js';
import { paged, pageInfo } from '../../platform/pagination.js';
import { route, userIdOf as me } from '../../platform/route.js';
import type { WalletDeps } from './deps.js';
import { createLoan, LOAN_TYPES, listLoans, loanEligibility, repayLoan } from './loans.service.js';
import { listLocked, lockFunds, previewLock, withdrawLocked } from './locked.service.js';
import { addTarget, listTargets, savingsTransactions, topUp, withdraw } from './savings.service.js';
import { sendStatement } from './statement.service.js';

/** Savings targets, locked funds, statements and loans: the wallet's slower money. */
export function savingsRoutes(deps: WalletDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, 'savings.createTarget', { guard: 'bearer' }, async (req, reply) => {
      const userId = me(req);
      return withIdempotency(app.db, req, reply, userId, 'savings.create', async (tx) => {
        reply.status(201);
        return ok(await addTarget(tx, userId, req.body), 'Savings target created');
      });
    });

    route(app, 'savings.topUp', { guard: 'pin' }, async (req, reply) => {
      const userId = me(req);
      return withIdempotency(app.db, req, reply, userId, 'savings.top-up', async (tx) =>
        ok(await topUp(tx, userId, req.body.targetId, req.body.amount), 'Savings topped up'),
      );
    });

    route(app, 'savings.targets', { guard: 'bearer' }, async (req) =>
      paged('Savings targets', req.query, await listTargets(deps, me(req), req.query)),
    );

    route(app, 'savings.transactions', { guard: 'bearer' }, async (req) => {
      const { items, total } = await savingsTransactions(deps, me(req), req.query);
      return {
        status: true as const,
        message: 'Savings transactions',
        data: items,
        pagination: pageInfo(req.query.page, req.query.limit, total),
      };
    });

    route(app, 'savings.withdraw', { guard: 'bearer' }, async (req, reply) => {
      const userId = me(req);
      return withIdempotency(app.db, req, reply, userId, 'savings.withdraw', async (tx) =>
        ok(await withdraw(tx, userId, req.params.id, req.body?.amount), 'Withdrawn to your wallet'),
      );
    });

    route(app, 'savings.previewLock', { guard: 'bearer' }, async (req) => ok(previewLock(deps, req.body), 'Lock preview'));

    route(app, 'savings.lock', { guard: 'pin' }, async (req, reply) => {
      const userId = me(req);
      return withIdempotency(app.db, req, reply, userId, 'locked.create', async (tx) => {
        reply.status(201);
        return ok(await lockFunds(deps, tx, userId, req.body), 'Funds locked');
      });
    });

    route(app, 'savings.lockedFunds', { guard: 'bearer' }, async (req) =>
      paged('Locked funds', req.query, await listLocked(deps, me(req), req.query)),
    );

    route(app, 'savings.withdrawLocked', { guard: 'bearer' }, async (req, reply) => {
      const userId = me(req);
      return withIdempotency(app.db, req, reply, userId, 'locked.withdraw', async (tx) =>
        ok(await withdrawLocked(deps, tx, userId, req.params.id), 'Paid into your wallet'),
      );
    });

    route(app, 'savings.statement', { guard: 'pin' }, async (req) => {
      const r = await sendStatement({ ...deps, notifier: app.notifier }, me(req), req.body);
      return ok(r, `Your statement is on its way to ${r.sentTo}`);
    });

    route(app, 'loans.types', { guard: 'bearer' }, async () =>
      ok(
        LOAN_TYPES.map((t) => ({ ...t })),
        'Loan types',
      ),
    );

    route(app, 'loans.eligibility', { guard: 'bearer' }, async (req) => {
      const e = await loanEligibility(deps, me(req), req.query.loanTypeId);
      return ok(e, e.eligible ? 'You can apply for a loan' : 'You are not eligible for a loan yet');
    });

    route(app, 'loans.list', { guard: 'bearer' }, async (req) => paged('Loans', req.query, await listLoans(deps, me(req), req.query)));

    route(app, 'loans.apply', { guard: 'bearer' }, async (req, reply) => {
      const userId = me(req);
      return withIdempotency(app.db, req, reply, userId, 'loan.create', async (tx) => {
        reply.status(201);
        return ok(await createLoan(deps, tx, userId, req.body), 'Loan approved and paid into your wallet');
      });
    });

    route(app, 'loans.repay', { guard: 'pin' }, async (req, reply) => {
      const userId = me(req);
      return withIdempotency(app.db, req, reply, userId, 'loan.repay', async (tx) =>
        ok(await repayLoan(deps, tx, userId, req.params.id, req.body?.amount), 'Repayment received'),
      );
    });
  };
}
