import type { ApiEndpointDef } from './api.js';
import * as r from './recon.js';

const P = '/api/staff/reconciliation';
const tag = 'staff';

/** Reconciliation in the operator console (docs/console.md): the daily runs, the mismatches, their resolution. Part of `apiMap`. */
export const staffReconApi = {
  'staff.reconRuns': {
    method: 'GET',
    path: P,
    query: r.reconRunsQuery,
    response: r.reconRunsResponse,
    tag,
    summary: 'Reconciliation runs, the newest day first: per source, the provider’s lines, the ledger’s records, matches and mismatches',
  },
  'staff.reconRun': {
    method: 'POST',
    path: P,
    body: r.reconRunBody,
    response: r.reconRunResponse,
    tag,
    summary: 'Match a day’s provider reports with the ledger now (the daily job does it for yesterday); resolutions already made are kept',
  },
  'staff.reconItems': {
    method: 'GET',
    path: `${P}/items`,
    query: r.reconItemsQuery,
    response: r.reconItemsResponse,
    tag,
    summary: 'Records that do not match, the open ones first, with what may be done with each',
  },
  'staff.resolveRecon': {
    method: 'POST',
    path: `${P}/items/:id/resolve`,
    params: r.reconItemParam,
    body: r.reconResolveBody,
    response: r.reconItemResponse,
    tag,
    summary:
      'Resolve a mismatch: a credit, refund or reversal goes to a second finance person for approval; explain closes it with the note',
  },
} as const satisfies Record<string, ApiEndpointDef>;
