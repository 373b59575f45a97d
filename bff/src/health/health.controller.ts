import { Controller } from '@nestjs/common';
import { livenessAnswer, readinessAnswer } from '@kanat360/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '@/common/app-error.js';
import { pingDatabase } from '@/database/database.js';
import { Route, RouteGroup } from '@/openapi/route.js';
import { Lifecycle } from './lifecycle.js';

@RouteGroup('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lifecycle: Lifecycle,
  ) {}

  @Route('GET', '', {
    summary: 'Liveness: the process answers',
    access: 'public',
    answers: { 200: livenessAnswer },
  })
  live() {
    return { success: true as const, status: 'ok' as const };
  }

  /**
   * Readiness: PostgreSQL answers too (within the requests' time-outs), and the process is not shutting down. A
   * load balancer sends traffic elsewhere while this is 503.
   */
  @Route('GET', 'ready', {
    summary: 'Readiness: PostgreSQL answers and the process is not shutting down',
    description: 'A load balancer sends traffic elsewhere while this answers 503 (with Retry-After).',
    access: 'public',
    answers: { 200: readinessAnswer },
    errors: ['SHUTTING_DOWN', 'DATABASE_UNAVAILABLE'],
  })
  async ready() {
    if (this.lifecycle.draining) throw new AppError('SHUTTING_DOWN', { headers: { 'Retry-After': '2' } });
    try {
      await pingDatabase(this.dataSource);
    } catch {
      throw new AppError('DATABASE_UNAVAILABLE', { headers: { 'Retry-After': '2' } });
    }
    return { success: true as const, status: 'ready' as const };
  }
}
