import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { type buildOpenApiDocument } from './openapi-document.js';

/** Where the typed client's `paths` live, from the repository root. */
export const API_PATHS_FILE = 'packages/api-client/src/api-paths.gen.ts';

/**
 * The TypeScript of the document's paths, operations and schemas (openapi-typescript), which the typed client of
 * packages/api-client reads. The bff's openapi test fails while the committed file differs from it.
 */
export async function apiPathsSource(document: ReturnType<typeof buildOpenApiDocument>): Promise<string> {
  const ast = await openapiTS(JSON.stringify(document), {
    // A default only makes an answer's field present; a request may leave it out.
    defaultNonNullable: false,
    silent: true,
  });
  return (
    COMMENT_HEADER +
    '// The API of bff/src (the @Route declarations): regenerate with `pnpm --filter @kanat360/bff gen:api`.\n\n' +
    astToString(ast)
  );
}
