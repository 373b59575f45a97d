import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Public } from '@/auth/access.decorators.js';
import { AppError } from '@/common/app-error.js';
import { Lifecycle } from './lifecycle.js';
import { pingDatabase } from '@/database/database.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lifecycle: Lifecycle,
  ) {}

  /** Liveness: the process answers. */
  @Get()
  @Public()
  live(): { success: true; status: 'ok' } {
    return { success: true, status: 'ok' };
  }

  /**
   * Readiness: PostgreSQL answers too (within the requests' time-outs), and the process is not shutting down. A
   * load balancer sends traffic elsewhere while this is 503.
   */
  @Get('ready')
  @Public()
  async ready(): Promise<{ success: true; status: 'ready' }> {
    if (this.lifecycle.draining) throw new AppError('SHUTTING_DOWN', { headers: { 'Retry-After': '2' } });
    try {
      await pingDatabase(this.dataSource);
    } catch {
      throw new AppError('DATABASE_UNAVAILABLE', { headers: { 'Retry-After': '2' } });
    }
    return { success: true, status: 'ready' };
  }
}
