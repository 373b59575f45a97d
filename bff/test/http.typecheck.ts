// Checked by `pnpm typecheck`, never run: `call` holds a JSON body to the API's document. Each call below an
// expected-error directive must stay an error, or the type check fails (a body that drifts would pass unseen).
import { call, malformed } from './http.js';
import { type TestApp } from './test-app.js';

export function bodiesHeldToTheDocument(app: TestApp, id: number): void {
  // The documented body passes.
  void call(app, 'POST', `/api/turbines/${id}/comments`, { body: { comment: 'ok' } });
  // A field the operation does not take.
  // @ts-expect-error -- `roomz` is not a field of POST /turbines
  void call(app, 'POST', '/api/turbines', { body: { name: 'x', city: 'a', code: 'b', location: 'c', roomz: 3 } });
  // A value of the wrong type.
  // @ts-expect-error -- severity is a number
  void call(app, 'PUT', `/api/turbines/${id}/findings/${id}`, { body: { severity: 'high' } });
  // A body on an operation that takes none.
  // @ts-expect-error -- GET takes no body
  void call(app, 'GET', `/api/turbines/${id}`, { body: { a: 1 } });
  // A method the path does not have.
  // @ts-expect-error -- /turbines/{id}/comments has no DELETE
  void call(app, 'DELETE', `/api/turbines/${id}/comments`, { body: { comment: 'x' } });
  // An answer type given by hand: the body cannot be checked, so only a malformed one goes.
  // @ts-expect-error -- call<T> infers neither method nor path
  void call<{ success: boolean }>(app, 'POST', `/api/turbines/${id}/comments`, { body: { comment: 'x' } });
  void call<{ success: boolean }>(app, 'POST', `/api/turbines/${id}/comments`, { body: malformed({ comment: 1 }) });
}
