// The gateway as a launcher target (`--target=gateway`).
import { fileURLToPath } from 'node:url';
import { listen, loadConfig, serveMetrics, type Target } from '@castbook/platform';
import { buildGateway } from './app.js';
import { gatewayConfig } from './config.js';

const DEFAULT_FRONTEND_DIR = fileURLToPath(new URL('../../frontend/dist', import.meta.url));

export const gatewayTarget: Target = {
  name: 'gateway',
  async start(deps) {
    const config = loadConfig('gateway', gatewayConfig, deps.env);
    const logger = deps.logger.child({ service: 'gateway' });
    const app = await buildGateway({ ...config, FRONTEND_DIR: config.FRONTEND_DIR ?? DEFAULT_FRONTEND_DIR }, logger, {
      bus: deps.bus,
    });
    const url = await listen(app, config.PORT, config.HOST);
    const metrics = await serveMetrics(app.metrics, config.METRICS_PORT ?? 0, config.HOST);
    logger.info({ metrics: metrics.url }, 'gateway metrics');
    return {
      name: 'gateway',
      url,
      async stop() {
        await app.close();
        await metrics.close();
      },
    };
  },
};
