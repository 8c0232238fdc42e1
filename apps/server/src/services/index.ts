import type { PlatformProviders, ServiceModule } from '../platform/app.js';
import type { Config } from '../platform/config.js';
import type { Db } from '../platform/db.js';
import { notificationProviders } from '../platform/notifications.js';
import { chatService } from './chat/index.js';
import { connectService } from './connect/index.js';
import { ecommerceService } from './ecommerce/index.js';
import { settlementProviders, staffProviders, staffService, type StaffProviders } from './staff/index.js';
import { billPaymentTypes, billsProviders, billsService, type BillsProviders } from './bills/index.js';
import { transactionService, type TransactionProviders } from './transaction/index.js';
import { uploadProviders, uploadService, type UploadProviders } from './upload/index.js';
import { userProviders, userService, type UserOptions } from './user/index.js';
import { walletProviders, walletService, type WalletProviders } from './wallet/index.js';
import { notificationsProviders, notificationsService, type NotificationsProviders } from './notifications/index.js';
import { kycProviders, kycService, openNewDeviceWindow, type KycProviders } from './kyc/index.js';

/**
 * Every provider the app uses, in one object: the adapters to outside systems (SMS, email, blob
 * storage, bank rail, card acquirer, bill vendor), what the platform needs from the user service
 * (the authenticator) and the payment kinds the transaction service is given. Each service plugin
 * receives it as `options.providers` and declares the part it needs.
 */
export type Providers = PlatformProviders &
  UserOptions &
  UploadProviders &
  WalletProviders &
  BillsProviders &
  TransactionProviders &
  NotificationsProviders &
  KycProviders &
  StaffProviders;

/** The adapters to outside systems: what a test (or a deployment) may replace. */
export type Adapters = Omit<Providers, 'authenticator' | 'staffAuthenticator' | 'paymentTypes' | 'openDeviceWindow'>;
export type ProviderOverrides = Partial<Adapters> | ((defaults: Adapters) => Partial<Adapters>);

/**
 * Builds the providers from the config, in one place: real adapters where the config names them
 * (SMTP_URL, S3_BUCKET), sandboxes otherwise; `overrides` replaces any adapter (tests), and what
 * depends on the adapters (the bill payment kinds on the vendor) is wired after.
 */
export function buildProviders(config: Config, db: Db, overrides: ProviderOverrides = {}): Providers {
  const wallet = walletProviders(config, db);
  const defaults: Adapters = {
    ...notificationProviders(config),
    ...uploadProviders(config),
    ...wallet,
    ...billsProviders(),
    ...notificationsProviders(config.push),
    ...kycProviders(config),
    ...settlementProviders(config, { card: wallet.card.settlements }),
  };
  const adapters: Adapters = { ...defaults, ...(typeof overrides === 'function' ? overrides(defaults) : overrides) };
  return {
    ...adapters,
    ...userProviders(config, db),
    ...staffProviders(config, db),
    // The user service opens a new device's window; the window and its limit are KYC's.
    openDeviceWindow: (tx, userId) => openNewDeviceWindow(tx, config.kyc, userId),
    paymentTypes: { ...billPaymentTypes(adapters.billVendor) },
  };
}

/** Every service module this build serves; `SERVICES` picks a subset at run time. */
export const allServices: ServiceModule<Providers>[] = [
  userService,
  uploadService,
  transactionService,
  walletService,
  billsService,
  connectService,
  chatService,
  ecommerceService,
  staffService,
  notificationsService,
  kycService,
];
