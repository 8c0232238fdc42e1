export { kycRoutes } from './routes';
export { useKycStatus } from './queries';
