import { Controller, Header, Req } from '@nestjs/common';
import { type Request } from 'express';
import { Registry } from 'prom-client';
import { fileAnswer, Route, RouteGroup } from '@/openapi/route.js';
import { MetricsService } from './metrics.service.js';

/** Public to the session guard: its own token (METRICS_TOKEN) guards it, checked by the service. */
@RouteGroup('metrics')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Route('GET', '', {
    summary: 'Prometheus metrics: requests, latency, pool, queues, jobs, upload bytes',
    description:
      'With `Authorization: Bearer <METRICS_TOKEN>`; anything else 401, and 404 while METRICS_TOKEN is unset.',
    access: 'public',
    security: [{ metricsToken: [] }],
    answers: { 200: fileAnswer('Prometheus text format', ['text/plain']) },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  })
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  @Header('Cache-Control', 'no-store')
  scrape(@Req() request: Request): Promise<string> {
    return this.metrics.scrape(request.get('authorization'));
  }
}
