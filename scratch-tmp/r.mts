import { createUesApp } from '../src/ues/server/app.js';
import { renderRouteReference, routesFor } from '../src/ues/server/http/route-docs.js';
import { PURPLE_UES_PERMISSIONS } from '../src/protocol/purple-permissions.js';
const { app, router } = createUesApp({ adminKey: 'k'.repeat(40) });
console.log(renderRouteReference(routesFor(router.routes, PURPLE_UES_PERMISSIONS)));
await app.close();
