import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { z } from 'zod';
import { type RouteContract, routeContract } from './route.js';

/**
 * Why a handler's JSON answer is not one its route declares (null when it is, or when the answer is not JSON).
 * The answer is read as it goes on the wire (dates as ISO strings), against every 2xx JSON answer of the route:
 * the strict schemas refuse a field the declaration lacks as much as a missing one.
 */
export function answerMismatch(contract: RouteContract, returned: unknown): string | null {
  if (returned === undefined || returned === null || typeof returned !== 'object') return null;
  if (Buffer.isBuffer(returned) || typeof (returned as { getStream?: unknown }).getStream === 'function') return null;
  const schemas = Object.entries(contract.answers)
    .filter(([status]) => Number(status) >= 200 && Number(status) < 300)
    .flatMap(([, answer]) => (answer instanceof z.ZodType ? [answer] : answer.kind === 'json' ? [answer.schema] : []));
  if (schemas.length === 0) return null;
  const wire: unknown = JSON.parse(JSON.stringify(returned));
  const failures = schemas.map((schema) => schema.safeParse(wire)).filter((result) => !result.success);
  if (failures.length < schemas.length) return null;
  return failures.map((result) => z.prettifyError(result.error)).join('\n');
}

/**
 * Checks every JSON answer against its route's declaration (tests mount it app-wide): a repository that answers a
 * field the document does not name, or leaves one out, fails the test that made the call with a 500 that names it.
 */
@Injectable()
export class AnswerCheckInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const contract = routeContract(context.getHandler());
    return next.handle().pipe(
      map((returned: unknown) => {
        const mismatch = contract ? answerMismatch(contract, returned) : null;
        if (mismatch === null) return returned;
        const route = `${context.getClass().name}.${context.getHandler().name}`;
        console.error(`${route} answers what it does not declare:\n${mismatch}`);
        throw new Error(`${route} answers what it does not declare:\n${mismatch}`);
      }),
    );
  }
}
