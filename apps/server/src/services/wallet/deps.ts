import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import { sandboxBankRail, type BankRail } from './providers/banks.js';
import { sandboxCardAcquirer, type CardAcquirer } from './providers/cards.js';

/** The outside systems the wallet uses: the bank rail (name enquiry, payouts, direct debits) and the card acquirer. */
export type WalletProviders = { bank: BankRail; card: CardAcquirer };
export type WalletDeps = { db: Db; config: Config; providers: WalletProviders };

/** The defaults: the sandboxes (no real bank rail or acquirer adapter is configured yet). */
export const walletProviders = (_config: Config, db: Db): WalletProviders => ({ bank: sandboxBankRail, card: sandboxCardAcquirer(db) });
