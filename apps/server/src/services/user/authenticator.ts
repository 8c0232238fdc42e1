import type { Authenticator } from '../../platform/auth.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import { refuseFrozen } from './freeze.js';
import { checkPin } from './pin.service.js';
import { deviceActivity } from './devices.service.js';
import { findSession, sessionMemory } from './session.service.js';

/** What the user service provides to the app: the sessions and PIN rules behind the platform's auth hooks. */
export type UserProvided = { authenticator: Authenticator };

export function userProviders(config: Config, db: Db): UserProvided {
  const remembered = sessionMemory(db);
  // Each signed-in call keeps its device's "Last active" current (throttled: devices.service.ts).
  const seen = deviceActivity(db);
  const used = <T extends { sessionId: string } | null>(found: T): T => {
    if (found) void seen(found.sessionId);
    return found;
  };
  return {
    authenticator: {
      session: async (tokenHash) => used(await findSession(db, tokenHash)),
      recentSession: async (tokenHash) => used(await remembered(tokenHash)),
      // Every PIN-guarded call passes here: a frozen account is refused before its PIN is checked.
      checkPin: async (userId, pin, known) => {
        await refuseFrozen(db, userId);
        await checkPin(db, config.secret, userId, pin, known);
      },
    },
  };
}
