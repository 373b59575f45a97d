// PostgreSQL error codes the services turn into answers: a constraint settles a race that a check let through.
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

function driverError(error: unknown): { code?: string; constraint?: string } | undefined {
  return (error as { driverError?: { code?: string; constraint?: string } } | null)?.driverError;
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = driverError(error);
  return cause?.code === UNIQUE_VIOLATION && cause.constraint === constraint;
}

export function isForeignKeyViolation(error: unknown): boolean {
  return driverError(error)?.code === FOREIGN_KEY_VIOLATION;
}

/** The messages and codes of an error and its causes (TypeORM's driverError, `cause`), outermost first. */
function causesOf(error: unknown): { message?: unknown; code?: unknown }[] {
  const causes: { message?: unknown; code?: unknown }[] = [];
  for (let cause = error, depth = 0; cause && depth < 4; depth += 1) {
    causes.push(cause);
    cause = (cause as { driverError?: unknown; cause?: unknown }).driverError ?? (cause as { cause?: unknown }).cause;
  }
  return causes;
}

const matches = (error: unknown, patterns: RegExp[]) =>
  causesOf(error).some(
    ({ message }) => typeof message === 'string' && patterns.some((pattern) => pattern.test(message)),
  );

/**
 * Whether a failure means PostgreSQL cannot be reached or does not answer in time (a stalled or stopped server, a
 * full pool): the request gets 503, and a load balancer or the client tries again later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return (
    causesOf(error).some(({ code }) => typeof code === 'string' && UNAVAILABLE_CODES.has(code)) ||
    matches(error, UNAVAILABLE_MESSAGES)
  );
}

/** Whether PostgreSQL is there but did not answer in time: a wait for a connection, or a query, was given up. */
export function isDatabaseTimeout(error: unknown): boolean {
  return causesOf(error).some(({ code }) => code === QUERY_CANCELED) || matches(error, TIMEOUT_MESSAGES);
}

// PostgreSQL's query canceled by statement_timeout.
const QUERY_CANCELED = '57014';
// Node's socket errors, and PostgreSQL's: too many connections, shutting down, cannot connect now, query canceled.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '53300',
  '57P01',
  '57P03',
  QUERY_CANCELED,
]);
// pg's own: a wait for a pooled connection given up, a new connection's time-out, a query given up (the database
// silent: database/data-source.ts); then a connection lost or closed under a query.
const TIMEOUT_MESSAGES = [/timeout exceeded when trying to connect/i, /timeout expired/i, /Query read timeout/i];
const UNAVAILABLE_MESSAGES = [
  ...TIMEOUT_MESSAGES,
  /Connection terminated/i,
  /Client has encountered a connection error/i,
];
