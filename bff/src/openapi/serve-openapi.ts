import { type INestApplication } from '@nestjs/common';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { buildOpenApiDocument } from './openapi-document.js';

/** The OpenAPI document of the routes' declarations: UI at /api/docs, JSON at /api/openapi.json (and YAML). */
export function serveOpenApi(app: INestApplication): void {
  // Swagger UI only shows the document; it is written from the routes' declarations, not by @nestjs/swagger.
  SwaggerModule.setup('api/docs', app, buildOpenApiDocument() as OpenAPIObject, {
    jsonDocumentUrl: 'api/openapi.json',
    yamlDocumentUrl: 'api/openapi.yaml',
  });
}
