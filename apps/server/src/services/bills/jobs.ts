import type { FastifyInstance } from 'fastify';
import { reconcileBills, type BillsDeps } from './bills.service.js';

/** Bills' background work, run by the platform's job runner: vends left waiting are settled with the vendor. */
export function registerBillsJobs(app: FastifyInstance, deps: BillsDeps): void {
  app.jobs.add({ name: 'bills.reconcile', periodMs: app.config.payoutReconcileMs, run: () => reconcileBills(deps) });
}
