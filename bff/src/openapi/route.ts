import {
  applyDecorators,
  createParamDecorator,
  Delete,
  type ExecutionContext,
  Get,
  HttpCode,
  Post,
  Put,
  SetMetadata,
  type StreamableFile,
} from '@nestjs/common';
import { type ErrorCode, type Permission } from '@kanat360/contracts';
import { type Request } from 'express';
import { type z } from 'zod';
import { ACCESS_KEY, type RouteAccess } from '@/auth/access.decorators.js';
import { AppError } from '@/common/app-error.js';
import { parseInput } from '@/common/zod-validation.js';

/*
 * One declaration per route: method, path, who may call it, what it reads and what it answers. The guard enforces
 * the access rule, the Valid* parameter decorators parse with the declared schemas, and the OpenAPI document
 * (openapi-document.ts) is written from the very same declaration, so a route cannot be documented differently
 * from how it is enforced.
 */

/** Who may call a route: anybody, any signed-in user, or a role holding a permission of the permission map. */
export type Access = 'public' | 'signed-in' | Permission;

/** An answer that is not JSON: a file or text, in one of `mediaTypes`. */
export interface FileAnswer {
  kind: 'file';
  description: string;
  mediaTypes: string[];
  headers?: z.ZodObject;
}

/** An answer without a body (304, 416). */
export interface EmptyAnswer {
  kind: 'empty';
  description: string;
  headers?: z.ZodObject;
}

/** A JSON answer with response headers worth documenting (an ETag). */
export interface JsonAnswer<T extends z.ZodType = z.ZodType> {
  kind: 'json';
  schema: T;
  headers: z.ZodObject;
}

/** A JSON answer is its zod schema (or a JsonAnswer, for its headers); anything else is described. */
export type Answer = z.ZodType | JsonAnswer | FileAnswer | EmptyAnswer;

export function jsonAnswer<T extends z.ZodType>(schema: T, headers: z.ZodObject): JsonAnswer<T> {
  return { kind: 'json', schema, headers };
}

export function fileAnswer(description: string, mediaTypes: string[], headers?: z.ZodObject): FileAnswer {
  return { kind: 'file', description, mediaTypes, headers };
}

export function emptyAnswer(description: string, headers?: z.ZodObject): EmptyAnswer {
  return { kind: 'empty', description, headers };
}

/** The parts of a request a route reads, each through its own parameter decorator. */
export type InputPart = 'params' | 'query' | 'body' | 'form' | 'upload';

export interface RouteContract {
  /** One line: what the route does. */
  summary: string;
  /** What a client must know beyond the summary (limits, side effects, error cases). */
  description?: string;
  access: Access;
  /** Path parameters (`:id` in the path), read with @ValidParams(). */
  params?: z.ZodObject;
  /** The query string, read with @ValidQuery(). */
  query?: z.ZodObject;
  /** A JSON body, read with @ValidBody(). */
  body?: z.ZodType;
  /** A multipart/form-data body's fields and files, streamed by @MultipartBody(). */
  form?: z.ZodObject;
  /** A body of raw bytes (its media type), streamed by @RawBody(). */
  upload?: string;
  /** Request headers the route honours besides the language (If-None-Match, Range). */
  headers?: z.ZodObject;
  /** Every answer by status; the lowest 2xx is what the route answers unless it sets another status itself. */
  answers: { [status: number]: Answer };
  /** Error codes the route may answer besides those of its access rule and input (each under its status). */
  errors?: readonly ErrorCode[];
  /** Who may call it in the document's terms, when not what `access` implies (a route with its own token). */
  security?: { [scheme: string]: string[] }[];
  /**
   * Examples of the JSON request body and of the first JSON success answer (checked against their schemas by the
   * linter). The API's main operations must have them (the openapi test lists those).
   */
  example?: { body?: unknown; answer?: unknown };
}

const ROUTE_KEY = 'kanat360:route';
const INPUTS_KEY = 'kanat360:route-inputs';

/** What a handler may return for an answer: a JSON answer's value, a file's stream or text, nothing for empty. */
type Returned<A> = A extends z.ZodType
  ? z.input<A>
  : A extends JsonAnswer<infer T>
    ? z.input<T>
    : // A handler that writes the answer itself (a file's bytes, a 304) returns void.
      // eslint-disable-next-line @typescript-eslint/no-invalid-void-type
      StreamableFile | string | void | undefined;
type Handler<C extends RouteContract> = (
  ...args: never[]
) => Promise<Returned<C['answers'][keyof C['answers']]>> | Returned<C['answers'][keyof C['answers']]>;

const METHODS = { GET: Get, POST: Post, PUT: Put, DELETE: Delete } as const;

/**
 * Declares a route: `@Route('GET', ':id', { summary, access, params, answers })`. The handler's return type is checked
 * against the declared answers.
 */
export function Route<const C extends RouteContract>(method: keyof typeof METHODS, path: string, contract: C) {
  const success = Object.keys(contract.answers)
    .map(Number)
    .filter((status) => status >= 200 && status < 300)
    .sort((a, b) => a - b)[0];
  const decorators = [
    METHODS[method](path),
    SetMetadata(ROUTE_KEY, contract),
    SetMetadata(ACCESS_KEY, routeAccess(contract.access)),
  ];
  if (success !== undefined) decorators.push(HttpCode(success));
  const apply = applyDecorators(...decorators);
  // Only `value` is typed (not `set`), so the handler's return type is checked covariantly against the answers.
  return (target: object, key: string | symbol, descriptor: { value?: Handler<C> }) => {
    apply(target, key, descriptor as PropertyDescriptor);
  };
}

function routeAccess(access: Access): RouteAccess {
  if (access === 'public') return { kind: 'public' };
  if (access === 'signed-in') return { kind: 'signed-in' };
  return { kind: 'permission', permission: access };
}

/** The declaration of a route handler, if it has one. */
export function routeContract(handler: object): RouteContract | undefined {
  return Reflect.getMetadata(ROUTE_KEY, handler) as RouteContract | undefined;
}

/** The request parts a handler's parameters read (recorded by the parameter decorators below). */
export function routeInputs(target: object, key: string | symbol): InputPart[] {
  return (Reflect.getMetadata(INPUTS_KEY, target, key) as InputPart[] | undefined) ?? [];
}

/** Records that a handler parameter reads `part` of the request, so the document builder can check it is declared. */
export function readsInput(part: InputPart, decorator: ParameterDecorator): ParameterDecorator {
  return (target, key, index) => {
    if (key !== undefined) Reflect.defineMetadata(INPUTS_KEY, [...routeInputs(target, key), part], target, key);
    decorator(target, key, index);
  };
}

function validInput(part: 'params' | 'query' | 'body') {
  const decorator = createParamDecorator((_data: unknown, context: ExecutionContext): unknown => {
    const schema = routeContract(context.getHandler())?.[part];
    if (!schema) throw new Error(`@Valid${part} on a route that declares no ${part}`);
    const value: unknown = context.switchToHttp().getRequest<Request>()[part];
    if (part !== 'params') return parseInput(schema, value);
    // A path id that cannot exist answers like a missing one: the schema's not-found code, no field.
    try {
      return parseInput(schema, value);
    } catch (error) {
      if (error instanceof AppError) throw new AppError(error.code);
      throw error;
    }
  });
  return (): ParameterDecorator => readsInput(part, decorator());
}

/** The path parameters, parsed by the route's `params` schema. */
export const ValidParams = validInput('params');
/** The query string, parsed by the route's `query` schema (parameters it does not name are dropped). */
export const ValidQuery = validInput('query');
/** The JSON body, parsed by the route's `body` schema. */
export const ValidBody = validInput('body');

/** The sections of the API document, each with what it holds; every controller belongs to one (@RouteGroup). */
export const API_GROUPS = {
  auth: 'Sign-in, sessions and password reset. Browsers hold the session in an httpOnly cookie; API clients send its token as `Authorization: Bearer`.',
  companies: 'Partner companies (superadmin).',
  users: "Users of the caller's company, or of every company for a superadmin.",
  turbines:
    "Turbines of the caller's company (every company for a superadmin): the asset register, the sheet import and the map.",
  comments: 'Comments on a turbine; their author may change them within 60 minutes, a superadmin always.',
  media:
    "A turbine's photos, videos and point clouds: lists, uploads (multipart, or direct: presign → PUT → confirm), versions.",
  reports: "A turbine's PDF reports, by campaign year.",
  findings:
    'Structured damage records marked on media, their tracks across years, the fleet list, its exports and the inspection report.',
  repairs:
    'Repair work orders over findings: a turbine’s and the fleet’s, their status steps, exports and calendar feed.',
  coverage: "A campaign year's coverage: which blade rooms and drone slots have photos, per turbine and fleet-wide.",
  files: 'The bytes of media, derivatives and reports, behind short-lived signed addresses that the lists hand out.',
  storage: "The local storage driver's direct upload addresses.",
  contact: "The public site's contact form.",
  health: 'Liveness and readiness, for load balancers.',
  metrics: 'Prometheus metrics, behind their own token.',
} as const;
export type ApiGroup = keyof typeof API_GROUPS;

const GROUP_KEY = 'kanat360:route-group';

/** The section of the API document a controller's routes belong to. */
export const RouteGroup = (group: ApiGroup): ClassDecorator => SetMetadata(GROUP_KEY, group);

export function routeGroup(controller: object): ApiGroup | undefined {
  return Reflect.getMetadata(GROUP_KEY, controller) as ApiGroup | undefined;
}
