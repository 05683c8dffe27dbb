export { gatewayTarget } from './main.js';
export { buildGateway } from './app.js';
export { SERVICE_ROUTES, serviceFor } from './service-routes.js';
