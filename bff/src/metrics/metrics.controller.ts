import { Controller, Get, Header, Headers } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Registry } from 'prom-client';
import { Public } from '@/auth/access.decorators.js';
import { MetricsService } from './metrics.service.js';

/** Public to the session guard: its own token (METRICS_TOKEN) guards it, checked by the service. */
@ApiTags('metrics')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  /** Prometheus text format, with `Authorization: Bearer <METRICS_TOKEN>`; 404 while METRICS_TOKEN is unset. */
  @Get()
  @Public()
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  @Header('Cache-Control', 'no-store')
  scrape(@Headers('authorization') authorization: string | undefined): Promise<string> {
    return this.metrics.scrape(authorization);
  }
}
