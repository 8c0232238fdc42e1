import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import { httpIdentityProvider } from './identity/http-provider.js';
import type { IdentityProvider } from './identity/provider.js';
import { sandboxIdentityProvider } from './identity/sandbox.js';

/** The outside system KYC uses: the identity provider (BVN and NIN lookups). */
export type KycProviders = { identity: IdentityProvider };
export type KycDeps = { db: Db; config: Config; identity: IdentityProvider };

/** The sandbox by default; the HTTP adapter when KYC_PROVIDER_URL is set. */
export const kycProviders = (config: Config): KycProviders => ({
  identity:
    config.kyc.provider.kind === 'http'
      ? httpIdentityProvider({ url: config.kyc.provider.url, apiKey: config.kyc.provider.apiKey })
      : sandboxIdentityProvider,
});
