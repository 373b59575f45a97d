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
