import type { ServiceModule } from '../../platform/app.js';
import type { KycProviders } from './deps.js';
import { kycRoutes } from './routes.js';

export { kycProviders, type KycProviders, type KycDeps } from './deps.js';
export { decideTier3, isTier3Document, kycForStaff, markVerified, kycStatus, openNewDeviceWindow, pendingTier3 } from './kyc.service.js';
export { returnExpiredHolds } from './held.service.js';
export { SANDBOX_IDENTITY_NUMBERS, SANDBOX_PERSON } from './identity/sandbox.js';
export type { IdentityProvider, IdentityRecord } from './identity/provider.js';

export const kycService: ServiceModule<KycProviders> = { name: 'kyc', plugin: kycRoutes };
