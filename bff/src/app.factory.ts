import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { type AppContext, AppModule } from './app.module.js';
import { mapOrigin } from './config/config.js';
import { Lifecycle } from './health/lifecycle.js';
import { MetricsService } from './metrics/metrics.service.js';
import { AnswerCheckInterceptor } from './openapi/answer-check.js';
import { serveOpenApi } from './openapi/serve-openapi.js';
import { apiCacheControl } from './web/api-cache-control.js';
import { jsonBody } from './web/json-body.js';
import { requestId } from './web/request-id.js';
import { webApps } from './web/static-files.js';

/**
 * The whole HTTP app: API under /api, the panel under /dashboard, the site everywhere else. Not yet listening.
 * `checkAnswers` (the tests'): every JSON answer is held to its route's declared schema (AnswerCheckInterceptor).
 */
export async function createApp(
  context: AppContext,
  { checkAnswers = false }: { checkAnswers?: boolean } = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(context), {
    bodyParser: false,
    // Nest's own start-up chatter (modules, routes) stays out of the log; warnings and errors go through pino.
    logger: ['fatal', 'error', 'warn'],
  });
  app.set('trust proxy', context.config.trustProxy);
  app.disable('x-powered-by');
  // No ETag of Express's own on every answer (a hash of each body): an answer is `private, no-store`, so no client
  // keeps it to revalidate; the answers polled on purpose carry their own (ConditionalGet), as files do.
  app.set('etag', false);
  app.use(app.get(Lifecycle).track);
  app.use(app.get(MetricsService).track);
  app.use(requestId);
  app.use('/api', apiCacheControl);
  // The fleet map's basemap: nothing beyond this origin by default; MAP_STYLE_URL's origin when one is set.
  const map = mapOrigin(context.config);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // The site's pre-paint theme script and Swagger UI are inline; nothing is loaded from another origin.
          'script-src': ["'self'", "'unsafe-inline'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:', ...(map ? [map] : [])],
          'connect-src': ["'self'", ...(map ? [map] : [])],
          'upgrade-insecure-requests': null,
        },
      },
      // Plain http on localhost must keep working; behind https a proxy or this header's default applies.
      strictTransportSecurity: false,
    }),
  );
  app.use(cookieParser());
  // JSON answers (a page of 200 photos is ~200 KB raw) shrink several-fold with brotli or gzip. Files under
  // /api/files are left alone: they are images, videos and PDFs already compressed, and Range requests need their
  // exact bytes.
  app.use('/api', compression({ filter: (_request, response) => isJson(response.getHeader('Content-Type')) }));
  app.use('/api', ...jsonBody());
  app.use(webApps(context.config));
  app.setGlobalPrefix('api');
  serveOpenApi(app);
  if (checkAnswers) app.useGlobalInterceptors(new AnswerCheckInterceptor());
  await app.init();
  // A 50 GB video through the local driver's upload address can take hours: no cap on receiving a whole request
  // (Node's default cuts it at 5 minutes). Slow-header attacks stay bounded by headersTimeout.
  app.getHttpServer().requestTimeout = 0;
  // An idle keep-alive connection outlives the proxies' and clients' own idle timers (nginx and most balancers keep
  // 60 s): with Node's 5 s a client reusing a connection the server has just closed gets a reset instead of an answer.
  app.getHttpServer().keepAliveTimeout = 65_000;
  app.getHttpServer().headersTimeout = 66_000;
  // From here on Nest's warnings and errors go through pino, with the request logs.
  app.useLogger(app.get(Logger));
  return app;
}

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('application/json');
}
