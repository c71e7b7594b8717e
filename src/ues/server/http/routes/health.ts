import type { UesRouter } from '../router.js';

export const UES_API_VERSION = '0.3.0';

export function registerHealthRoutes(router: UesRouter): void {
  router.get('/', { permission: null }, () => ({
    message: 'Welcome to the User Environment Simulator API',
    version: UES_API_VERSION,
    docs_url: '/docs',
  }));
  router.get('/health', { permission: null }, () => ({ status: 'healthy' }));
}
