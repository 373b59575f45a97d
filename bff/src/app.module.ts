import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { type Logger } from 'pino';
import { DataSource } from 'typeorm';
import { AccessModule } from './access/access.module.js';
import { AuthModule } from './auth/auth.module.js';
import { CommentsModule } from './comments/comments.module.js';
import { Clock } from './common/clock.js';
import { ErrorFilter } from './common/error.filter.js';
import { CompaniesModule } from './companies/companies.module.js';
import { ContactModule } from './contact/contact.module.js';
import { type Config, CONFIG } from './config/config.provider.js';
import { FilesModule } from './files/files.module.js';
import { FindingsModule } from './findings/findings.module.js';
import { HealthController } from './health/health.controller.js';
import { Lifecycle } from './health/lifecycle.js';
import { JobQueue } from './jobs/job-queue.js';
import { MailModule } from './mail/mail.module.js';
import { MediaModule } from './media/media.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { RepairsModule } from './repairs/repairs.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { StorageModule } from './storage/storage.module.js';
import { TurbinesModule } from './turbines/turbines.module.js';
import { UploadsModule } from './uploads/uploads.module.js';
import { UsersModule } from './users/users.module.js';

/** What the app is built from; made before Nest starts, so the CLI and the tests can make it the same way. */
export interface AppContext {
  config: Config;
  dataSource: DataSource;
  jobs: JobQueue;
  logger: Logger;
}

/** The feature modules: their controllers are the API (the OpenAPI document walks them too). */
export const FEATURE_MODULES = [
  AccessModule,
  AuthModule,
  MetricsModule,
  MailModule,
  StorageModule,
  CompaniesModule,
  ContactModule,
  UsersModule,
  TurbinesModule,
  CommentsModule,
  FilesModule,
  UploadsModule,
  MediaModule,
  ReportsModule,
  FindingsModule,
  RepairsModule,
];

/** Controllers of the app module itself. */
export const APP_CONTROLLERS = [HealthController];

@Module({})
export class AppModule {
  static forRoot(context: AppContext): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            logger: context.logger,
            // web/request-id.ts has set it already, before any parser could fail.
            genReqId: (request) => (request as { id?: string }).id ?? '',
            // Only API calls are worth a line; static files are not.
            autoLogging: {
              ignore: (request) => !request.url?.startsWith('/api/') || request.url.startsWith('/api/health'),
            },
          },
        }),
        ...FEATURE_MODULES,
      ],
      controllers: APP_CONTROLLERS,
      providers: [
        { provide: CONFIG, useValue: context.config },
        { provide: DataSource, useValue: context.dataSource },
        { provide: JobQueue, useValue: context.jobs },
        { provide: APP_FILTER, useClass: ErrorFilter },
        Lifecycle,
        Clock,
      ],
      exports: [CONFIG, DataSource, JobQueue, Lifecycle, Clock],
    };
  }
}
