import { randomBytes } from 'node:crypto';
import { createUesApp } from './app.js';
import { renderRouteReference, routesFor } from './http/route-docs.js';

/**
 * The request reference (Markdown) of every route a key holding `permissions` may call, from the
 * schemas a fresh simulator enforces.
 */
export async function routeReference(permissions: readonly string[]): Promise<string> {
  const { app, router } = createUesApp({ adminKey: randomBytes(32).toString('hex') });
  try {
    return renderRouteReference(routesFor(router.routes, permissions));
  } finally {
    await app.close();
  }
}
