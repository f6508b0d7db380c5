// The console's typed API client is built from the management API's OpenAPI document: this turns the
// document into console/src/api/schema.d.ts (openapi-typescript, then the project's prettier style),
// so that the types are generated, never hand-copied. A test fails when the file drifts from the API.
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import * as prettier from 'prettier';

export const API_TYPES_FILE = path.join(import.meta.dirname, '../src/api/schema.d.ts');

const HEADER =
  "// Generated from the management API's OpenAPI document by `npm run api:generate -w console`.\n" +
  '// Do not edit: change the route schemas in server/src/api and generate again.\n';

export async function renderApiTypes(doc: unknown): Promise<string> {
  const ast = await openapiTS(structuredClone(doc) as OpenAPI3, { alphabetize: true });
  const options = await prettier.resolveConfig(API_TYPES_FILE);
  return prettier.format(HEADER + astToString(ast), { ...options, filepath: API_TYPES_FILE });
}
