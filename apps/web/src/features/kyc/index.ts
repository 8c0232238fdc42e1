export { kycRoutes } from './routes';
