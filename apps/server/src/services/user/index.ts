import type { ServiceModule } from '../../platform/app.js';
import { freezeRoutes } from './freeze.js';
import type { UserOptions } from './deps.js';
import { userRoutes } from './routes.js';

export { userProviders, type UserProvided } from './authenticator.js';
export {
  nicknamedPeople,
  publicPeople,
  setBio,
  userIdsMatching,
  usersByIds,
  usersByNickNames,
  userById,
  type PublicPerson,
  type UserSummary,
} from './directory.js';
export { toPublicUser } from './profile.service.js';
export { findCustomers, type CustomerMatch } from './staff-reads.js';
export { devicesForStaff } from './devices.service.js';
/**
 * The table, for the database schema, the demo seed and tests. Services read people through
 * `usersByIds`/`userById` (lint refuses another service's table); the one service import left is
 * send-money.service.ts, until it moves to `usersByIds`.
 */
export { users } from './tables.js';

export { userByVerifiedPhone } from './directory.js';
export { freezeAccount, freezeOf, frozenText, SUPPORT_CONTACT, unfreezeAccount, type Freeze } from './freeze.js';
export { accountFreezes } from './freeze-table.js';
export { banNoticeText, banOf, banPerson, bansInForce, bansOf, liftBan, refuseBanned, type Ban, type BannedActivity } from './bans.js';
export { userBans } from './ban-table.js';

export type { OpenDeviceWindow, UserOptions } from './deps.js';

export const userService: ServiceModule<UserOptions> = {
  name: 'user',
  plugin: async (app, { providers }) => {
    await app.register(userRoutes, { openDeviceWindow: providers.openDeviceWindow });
    await app.register(freezeRoutes);
  },
};
