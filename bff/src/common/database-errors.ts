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

/**
 * Whether a failure means PostgreSQL cannot be reached or does not answer in time (a stalled or stopped server, a
 * full pool): the request gets 503, and a load balancer or the client tries again later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const messages: string[] = [];
  for (let cause = error, depth = 0; cause && depth < 4; depth += 1) {
    const { message, code } = cause as { message?: unknown; code?: unknown };
    if (typeof message === 'string') messages.push(message);
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    cause = (cause as { driverError?: unknown; cause?: unknown }).driverError ?? (cause as { cause?: unknown }).cause;
  }
  return messages.some((message) => UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)));
}

// Node's socket errors, and PostgreSQL's: too many connections, shutting down, cannot connect now, query canceled by
// statement_timeout.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '53300',
  '57P01',
  '57P03',
  '57014',
]);
// pg's own: a wait for a pooled connection given up, a new connection's time-out, a query given up (the database
// silent: database/data-source.ts), a connection lost or closed under a query.
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /timeout expired/i,
  /Query read timeout/i,
  /Connection terminated/i,
  /Client has encountered a connection error/i,
];
