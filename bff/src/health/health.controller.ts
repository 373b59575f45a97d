import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Public } from '../auth/access.decorators.js';
import { AppError } from '../common/app-error.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  /** Liveness: the process answers. */
  @Get()
  @Public()
  live(): { success: true; status: 'ok' } {
    return { success: true, status: 'ok' };
  }

  /** Readiness: PostgreSQL answers too. */
  @Get('ready')
  @Public()
  async ready(): Promise<{ success: true; status: 'ready' }> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE');
    }
    return { success: true, status: 'ready' };
  }
}
