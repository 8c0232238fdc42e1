import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import type { BankRail } from './providers/banks.js';
import type { CardAcquirer } from './providers/cards.js';

export type WalletProviders = { bank: BankRail; card: CardAcquirer };
export type WalletDeps = { db: Db; config: Config; providers: WalletProviders };
