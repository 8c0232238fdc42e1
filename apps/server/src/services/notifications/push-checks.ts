import type { Db } from '../../platform/db.js';

/**
 * A condition a service puts on its pushes, asked just before each is sent rather than when the
 * event happened: a chat message's push goes only if the person has not seen the message on another
 * device by then. `name` is the check a service gave with `addPushCheck`; `args` what it decides on.
 */
export type PushCheck = { name: string; args: Record<string, string | number> };

/** The pushes of one check due now; answers the ids of those to skip. */
export type PushCheckFn = (db: Db, pushes: { id: string; userId: string; args: PushCheck['args'] }[]) => Promise<Set<string>>;

const checks = new Map<string, PushCheckFn>();

/**
 * A service gives its check at start-up (the notifications service reads no other service's
 * tables). A push naming a check no service gave (that service not running in this process) is sent.
 */
export function addPushCheck(name: string, fn: PushCheckFn): void {
  checks.set(name, fn);
}

/** The ids of these pushes that their checks say to skip: one call per check for all its pushes. */
export async function skippedByChecks(db: Db, rows: { id: string; userId: string; sendIf: PushCheck | null }[]): Promise<Set<string>> {
  const byName = new Map<string, { id: string; userId: string; args: PushCheck['args'] }[]>();
  for (const r of rows) {
    if (!r.sendIf || !checks.has(r.sendIf.name)) continue;
    byName.set(r.sendIf.name, [...(byName.get(r.sendIf.name) ?? []), { id: r.id, userId: r.userId, args: r.sendIf.args }]);
  }
  const skipped = new Set<string>();
  for (const [name, pushes] of byName) for (const id of await checks.get(name)!(db, pushes)) skipped.add(id);
  return skipped;
}
