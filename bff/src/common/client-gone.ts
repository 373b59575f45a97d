import { type Request } from 'express';

/** The client closed the connection before its request was whole: nobody is left to answer, and no server fault. */
export class ClientGoneError extends Error {
  constructor() {
    super('The client closed the connection during the request');
    this.name = 'ClientGoneError';
  }
}

/** Whether a failed request failed because its client went away before sending all of it. */
export function clientWentAway(request: Request, error: unknown): boolean {
  return error instanceof ClientGoneError || (!request.complete && (request.destroyed || request.readableAborted));
}
