import { createServer, type Server } from 'node:http';
import { Registry } from 'prom-client';
import { AppError } from '@/common/app-error.js';
import { type Config } from '@/config/config.js';
import { type MetricsService } from './metrics.service.js';

/**
 * A worker process (WORKER=only) serves no API, but its job metrics are only in it: with METRICS_TOKEN set it
 * answers `GET /api/metrics` (same token, same format) and the liveness check `GET /api/health` on PORT, nothing else.
 */
export async function serveWorkerMetrics(metrics: MetricsService, config: Config): Promise<Server | null> {
  if (!config.metricsToken) return null;
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const json = (status: number, body: object) => {
      response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    };
    if (request.method !== 'GET' || (path !== '/api/metrics' && path !== '/api/health')) {
      json(404, { success: false, code: 'NOT_FOUND' });
      return;
    }
    if (path === '/api/health') {
      json(200, { success: true, status: 'ok' });
      return;
    }
    metrics.scrape(request.headers.authorization).then(
      (text) => {
        response.writeHead(200, { 'Content-Type': Registry.PROMETHEUS_CONTENT_TYPE, 'Cache-Control': 'no-store' });
        response.end(text);
      },
      (error: unknown) => {
        if (!(error instanceof AppError)) {
          json(500, { success: false, code: 'INTERNAL_ERROR' });
          return;
        }
        for (const [name, value] of Object.entries(error.options.headers ?? {})) response.setHeader(name, value);
        json(error.status, { success: false, code: error.code });
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  return server;
}
