import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import {
  type ErrorCode,
  ERROR_STATUS,
  errorAnswer,
  LANGUAGE_HEADER,
  NUMERIC_TEXT,
  PERMISSIONS,
  SESSION_COOKIE,
  XSRF_HEADER,
} from '@kanat360/contracts';
import { LANGUAGES } from '@kanat360/i18n';
import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import { APP_CONTROLLERS, FEATURE_MODULES } from '@/app.module.js';
import {
  type Access,
  type Answer,
  API_GROUPS,
  type ApiGroup,
  type InputPart,
  type RouteContract,
  routeContract,
  routeGroup,
  routeInputs,
} from './route.js';

/** One route of the API as the document lists it. */
export interface ApiRoute {
  /** `Controller.method`, for messages. */
  handler: string;
  method: 'get' | 'post' | 'put' | 'delete';
  /** The OpenAPI path below the server's `/api`, e.g. `/turbines/{id}`. */
  path: string;
  group: ApiGroup;
  contract: RouteContract;
}

const HTTP_METHODS: Partial<Record<RequestMethod, ApiRoute['method']>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.DELETE]: 'delete',
};

/** Handler parameters that would read the request past the route's declaration. */
const UNDECLARED_READS = new Map<number, string>([
  [RouteParamtypes.BODY, '@Body()'],
  [RouteParamtypes.QUERY, '@Query()'],
  [RouteParamtypes.PARAM, '@Param()'],
  [RouteParamtypes.HEADERS, '@Headers()'],
  [RouteParamtypes.RAW_BODY, '@RawBody() of Nest'],
]);

const INPUT_PARTS: InputPart[] = ['params', 'query', 'body', 'form', 'upload'];

/** Every controller the app mounts, walking the feature modules and what they import. */
export function apiControllers(): Type[] {
  const controllers = new Set<Type>(APP_CONTROLLERS);
  const seen = new Set<object>();
  // A module is a class with @Module metadata, or a dynamic module `{ module, controllers, imports }`.
  const visit = (module: object) => {
    const dynamic = module as { module?: object; controllers?: Type[]; imports?: object[] };
    const type = dynamic.module ?? module;
    if (seen.has(type)) return;
    seen.add(type);
    const own = (Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, type) as Type[] | undefined) ?? [];
    for (const controller of [...own, ...(dynamic.controllers ?? [])]) controllers.add(controller);
    const imports = (Reflect.getMetadata(MODULE_METADATA.IMPORTS, type) as object[] | undefined) ?? [];
    for (const imported of [...imports, ...(dynamic.imports ?? [])]) visit(imported);
  };
  for (const module of FEATURE_MODULES) visit(module);
  return [...controllers];
}

function nestPath(target: object): string | string[] | undefined {
  return Reflect.getMetadata(PATH_METADATA, target) as string | string[] | undefined;
}

/** Nest's path (`turbines/:id`, `*path`) as an OpenAPI path below `/api` (`/turbines/{id}`, `/{path}`). */
function openApiPath(...parts: (string | string[] | undefined)[]): string {
  const segments = parts
    .flatMap((part) => part ?? [])
    .flatMap((part) => part.split('/'))
    .filter((segment) => segment !== '');
  return '/' + segments.map((segment) => segment.replace(/^[:*](\w+)$/, '{$1}')).join('/');
}

/**
 * The routes of `controllers` with their declarations, and every way a route falls short of being documented as it
 * is enforced: no declaration, no summary, no success answer, a request part read but not declared (or declared
 * but not read), a path parameter without a schema.
 */
export function apiRoutes(controllers: Type[] = apiControllers()): { routes: ApiRoute[]; problems: string[] } {
  const routes: ApiRoute[] = [];
  const problems: string[] = [];
  for (const controller of controllers) {
    const group = routeGroup(controller);
    if (!group) problems.push(`${controller.name}: no @RouteGroup`);
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (typeof handler !== 'function' || !Reflect.hasMetadata(METHOD_METADATA, handler)) continue;
      const where = `${controller.name}.${name}`;
      const method = HTTP_METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const path = openApiPath(nestPath(controller), nestPath(handler));
      const contract = routeContract(handler);
      if (!method) problems.push(`${where}: an HTTP method the document does not take`);
      if (!contract) {
        problems.push(`${where}: a route without @Route (summary, access, inputs and answers)`);
        continue;
      }
      problems.push(...contractProblems(where, path, contract, controller, name));
      if (method && group) routes.push({ handler: where, method, path, group, contract });
    }
  }
  return { routes, problems };
}

function contractProblems(
  where: string,
  path: string,
  contract: RouteContract,
  controller: Type,
  name: string,
): string[] {
  const problems: string[] = [];
  if (!contract.summary?.trim()) problems.push(`${where}: no summary`);
  if (!Object.keys(contract.answers ?? {}).some((status) => /^2\d\d$/.test(status))) {
    problems.push(`${where}: no success answer`);
  }
  const args =
    (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) as Record<string, unknown> | undefined) ?? {};
  for (const key of Object.keys(args)) {
    const raw = UNDECLARED_READS.get(Number(key.split(':')[0]));
    if (raw)
      problems.push(`${where}: reads the request with ${raw}; declare it in @Route and use the Valid* decorators`);
  }
  const read = new Set(routeInputs(controller.prototype as object, name));
  for (const part of INPUT_PARTS) {
    if (read.has(part) && !contract[part]) problems.push(`${where}: reads the ${part} without declaring it`);
    if (!read.has(part) && contract[part]) problems.push(`${where}: declares a ${part} it never reads`);
  }
  const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();
  const declared = Object.keys(contract.params?.shape ?? {}).sort();
  if (inPath.join() !== declared.join()) {
    problems.push(`${where}: path parameters {${inPath.join(', ')}} but params declares {${declared.join(', ')}}`);
  }
  return problems;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'Done',
  201: 'Created',
  202: 'Accepted: the work goes on in the background',
  206: 'Part of the file (a Range request)',
  304: 'Not modified: the ETag sent in If-None-Match still holds',
  416: 'The Range asked for lies outside the file',
};

const languageHeader = z
  .enum(LANGUAGES)
  .optional()
  .meta({
    description:
      "The language of the answer's messages (and of mails the call sends): `tr` or `en`. Without it, " +
      'Accept-Language decides, else Turkish.',
    param: { in: 'header', name: LANGUAGE_HEADER, id: 'Language' },
  });

/** Who holds a permission, in words, from the permission map. */
function accessText(access: Access): string {
  if (access === 'public') return 'Anybody: no session needed.';
  if (access === 'signed-in') return 'Any signed-in user.';
  return `Signed in with permission \`${access}\`: ${PERMISSIONS[access].join(', ')}.`;
}

function accessExtension(access: Access): string {
  return access === 'public' || access === 'signed-in' ? access : `permission:${access}`;
}

const MUTATIONS = new Set<ApiRoute['method']>(['post', 'put', 'delete']);

function security(route: ApiRoute): { [scheme: string]: string[] }[] {
  if (route.contract.security) return route.contract.security;
  if (route.contract.access === 'public') return [];
  // A browser's cookie session must echo its XSRF token on every mutation.
  return [{ bearer: [] }, MUTATIONS.has(route.method) ? { cookie: [], xsrf: [] } : { cookie: [] }];
}

/** The error codes a route may answer, by status: from its access rule, its input and its own list. */
function errorCodes(route: ApiRoute): Map<number, Set<ErrorCode>> {
  const { contract } = route;
  const codes: ErrorCode[] = [...(contract.errors ?? [])];
  if (contract.body) codes.push('INVALID_JSON', 'UNKNOWN_FIELD');
  // A field's own rule answers its own code too (YEAR_INVALID, LIMIT_INVALID …): the 400 says so.
  if (contract.query || contract.body || contract.form) codes.push('VALIDATION_ERROR');
  if (contract.access !== 'public') codes.push('UNAUTHENTICATED', 'SESSION_EXPIRED');
  if (contract.access !== 'public' && contract.access !== 'signed-in') codes.push('FORBIDDEN');
  if (contract.access !== 'public' && MUTATIONS.has(route.method)) codes.push('XSRF_MISMATCH');
  // A path id that names no row answers its schema's not-found code (what it says to an impossible id).
  for (const schema of Object.values(contract.params?.shape ?? {})) {
    const failed = (schema as z.ZodType).safeParse('0');
    if (!failed.success) codes.push(...failed.error.issues.map((issue) => issue.message).filter(isStatusCode));
  }
  const byStatus = new Map<number, Set<ErrorCode>>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, (byStatus.get(status) ?? new Set()).add(code));
  }
  return byStatus;
}

function isStatusCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, value);
}

function isJson(answer: Answer): boolean {
  return answer instanceof z.ZodType || answer.kind === 'json';
}

function answerObject(status: number, answer: Answer, example: unknown): ZodOpenApiResponseObject {
  if (answer instanceof z.ZodType) {
    const description = answer.meta()?.description ?? STATUS_TEXT[status] ?? 'Done';
    return {
      description,
      content: { 'application/json': { schema: answer, ...(example === undefined ? {} : { example }) } },
    };
  }
  const headers = answer.headers ? { headers: answer.headers } : {};
  if (answer.kind === 'json') return { ...answerObject(status, answer.schema, example), ...headers };
  if (answer.kind === 'empty') return { description: answer.description, ...headers };
  return {
    description: answer.description,
    ...headers,
    content: Object.fromEntries(
      answer.mediaTypes.map((type) => [
        type,
        { schema: type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' } },
      ]),
    ),
  };
}

function operation(route: ApiRoute): ZodOpenApiOperationObject {
  const { contract } = route;
  const [controllerName, methodName] = route.handler.split('.') as [string, string];
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  // The answer example belongs to the first JSON success answer (a 202's, when the 200 is a file).
  const exampleStatus = Math.min(
    ...Object.entries(contract.answers)
      .filter(([status, answer]) => /^2\d\d$/.test(status) && isJson(answer))
      .map(([status]) => Number(status)),
  );
  for (const [status, answer] of Object.entries(contract.answers)) {
    const example = Number(status) === exampleStatus ? contract.example?.answer : undefined;
    responses[status] = answerObject(Number(status), answer, example);
  }
  for (const [status, codes] of [...errorCodes(route)].sort(([a], [b]) => a - b)) {
    if (responses[status] || status >= 500) continue;
    const fieldRules = status === 400 && codes.has('VALIDATION_ERROR') ? ", or the code a field's rule names" : '';
    responses[status] = {
      description: [...codes].join(', ') + fieldRules,
      content: { 'application/json': { schema: errorAnswer } },
    };
  }
  responses['5XX'] = {
    description:
      'INTERNAL_ERROR (with a correlationId to quote), or 503: DATABASE_UNAVAILABLE, STORAGE_UNAVAILABLE, ' +
      'SHUTTING_DOWN (with Retry-After)',
    content: { 'application/json': { schema: errorAnswer } },
  };
  const requestBody: ZodOpenApiOperationObject['requestBody'] = contract.body
    ? {
        required: !contract.body.safeParse({}).success,
        content: {
          'application/json': {
            schema: contract.body,
            ...(contract.example?.body === undefined ? {} : { example: contract.example.body }),
          },
        },
      }
    : contract.form
      ? { required: true, content: { 'multipart/form-data': { schema: contract.form } } }
      : contract.upload
        ? { required: true, content: { [contract.upload]: { schema: { type: 'string', format: 'binary' } } } }
        : undefined;
  return {
    operationId: `${controllerName.replace(/Controller$/, '').replace(/^./, (c) => c.toLowerCase())}.${methodName}`,
    tags: [route.group],
    summary: contract.summary,
    description: [contract.description, `**Access:** ${accessText(contract.access)}`].filter(Boolean).join('\n\n'),
    'x-access': accessExtension(contract.access),
    security: security(route),
    parameters: [languageHeader],
    requestParams: {
      ...(contract.params ? { path: contract.params } : {}),
      ...(contract.query ? { query: contract.query } : {}),
      ...(contract.headers ? { header: contract.headers } : {}),
    },
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the API, written from the routes' declarations (see route.ts). */
export function buildOpenApiDocument(controllers: Type[] = apiControllers()): ReturnType<typeof createDocument> {
  const { routes, problems } = apiRoutes(controllers);
  if (problems.length > 0) throw new Error(`The API's routes are not all declared:\n${problems.join('\n')}`);
  // Sections in API_GROUPS' order, whatever order the module graph mounts the controllers in.
  const groupOrder = Object.keys(API_GROUPS);
  routes.sort((a, b) => groupOrder.indexOf(a.group) - groupOrder.indexOf(b.group));
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) paths[route.path] = { ...paths[route.path], [route.method]: operation(route) };
  const groups = [...new Set(routes.map((route) => route.group))];
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Kanat360 API',
        version: '1',
        description:
          'Wind-turbine inspection platform. Answers are `{ success: true, data, message? }`; errors are ' +
          '`{ success: false, code, message }` with a stable `code` (clients translate it) and the message in the ' +
          `caller's language (\`${LANGUAGE_HEADER}\`). Each operation says who may call it, in words and as ` +
          '`x-access` (`public`, `signed-in`, or `permission:<name>` of the permission map).',
      },
      servers: [{ url: '/api', description: 'This server' }],
      tags: groups.map((name) => ({ name, description: API_GROUPS[name] })),
      paths,
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The `token` that POST /auth/login answers (API clients)',
          },
          cookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The httpOnly session cookie that POST /auth/login sets (browsers)',
          },
          xsrf: {
            type: 'apiKey',
            in: 'header',
            name: XSRF_HEADER,
            description: 'With the cookie on a mutation: the value of the XSRF-TOKEN cookie, echoed (double submit)',
          },
          metricsToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The METRICS_TOKEN setting',
          },
        },
      },
    },
    { override: numericTextInRequests },
  );
}

/**
 * A number a request may send as its text (contracts' `readsNumericText`, marked NUMERIC_TEXT): a request's field is
 * shown as the number or a text of that pattern, as the server reads it; an answer's as the number it is.
 */
function numericTextInRequests({ jsonSchema, io }: { jsonSchema: Record<string, unknown>; io: 'input' | 'output' }) {
  const { [NUMERIC_TEXT]: pattern, description, ...number } = jsonSchema;
  if (typeof pattern !== 'string') return;
  // The object zod-openapi renders is rewritten in place: emptied, then filled again without the mark.
  for (const key of Object.keys(jsonSchema)) Reflect.deleteProperty(jsonSchema, key);
  Object.assign(
    jsonSchema,
    description === undefined ? {} : { description },
    io === 'output' ? number : { anyOf: [number, { type: 'string', pattern }] },
  );
}
