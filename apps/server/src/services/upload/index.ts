import type { ServiceModule } from '../../platform/app.js';
import { uploadRoutes } from './routes.js';

export { ownsUpload } from './upload.service.js';
export const uploadService: ServiceModule = { name: 'upload', plugin: uploadRoutes };
