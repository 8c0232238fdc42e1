import type { FastifyInstance } from 'fastify';
import { reconcileBankTransfers } from './bank-transfer.service.js';
import type { WalletDeps } from './deps.js';
import { reconcileFunding } from './funding.service.js';
import { remindLoansDueTomorrow } from './loan-reminders.js';
import { collectDueLoans } from './loans.service.js';
import { runDueSavings } from './savings.service.js';

/**
 * The wallet's background work, run by the platform's job runner. Its state lives in the database
 * (pending payouts, next_run_at, due dates) and each job claims its rows, so a restart loses
 * nothing; tests call these functions with their own clock instead.
 */
export function registerWalletJobs(app: FastifyInstance, deps: WalletDeps): void {
  const { payoutReconcileMs, schedulerMs } = app.config;
  app.jobs.add({ name: 'wallet.payout-reconcile', periodMs: payoutReconcileMs, run: () => reconcileBankTransfers(deps) });
  app.jobs.add({ name: 'wallet.funding-reconcile', periodMs: payoutReconcileMs, run: () => reconcileFunding(deps) });
  app.jobs.add({ name: 'wallet.automatic-savings', periodMs: schedulerMs, run: () => runDueSavings(deps) });
  app.jobs.add({ name: 'wallet.loan-collection', periodMs: schedulerMs, run: () => collectDueLoans(deps) });
  // Each instalment is claimed as it is reminded; the hour of the Lagos day gates when they go.
  app.jobs.add({ name: 'wallet.loan-reminders', periodMs: schedulerMs, run: () => remindLoansDueTomorrow(deps) });
}
