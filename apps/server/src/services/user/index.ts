import type { ServiceModule } from '../../platform/app.js';
import { userRoutes } from './routes.js';

export { toPublicUser } from './profile.service.js';
export { users } from './tables.js';

export const userService: ServiceModule = { name: 'user', plugin: userRoutes };
