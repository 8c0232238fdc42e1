import type { ServiceModule } from '../../platform/app.js';
import type { Config } from '../../platform/config.js';
import { createStorage } from '../../platform/storage.js';
import { uploadRoutes, type UploadProviders } from './routes.js';

export {
  ownsUpload,
  privateDocumentsOf,
  openPrivateDocument,
  privateDocument,
  removeUploads,
  storeImage,
  uploadsOf,
  type UploadRecord,
} from './upload.service.js';
export type { UploadProviders } from './routes.js';

/** The default storage for this config. */
export const uploadProviders = (config: Config): UploadProviders => ({ storage: createStorage(config) });

export const uploadService: ServiceModule<UploadProviders> = { name: 'upload', plugin: uploadRoutes };
