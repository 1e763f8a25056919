// node dist/write-openapi.js [file …] (default dist/openapi.json); `npm run openapi` also
// updates docs/openapi.json (README.md#testing).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOpenApiDocument, serializeOpenApiDocument } from './openapi-document.js';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = process.argv.slice(2);
const text = serializeOpenApiDocument(await createOpenApiDocument());
for (const file of files.length ? files : [path.join(packageDir, 'dist/openapi.json')]) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, text);
  console.log(`OpenAPI document written to ${path.relative(process.cwd(), path.resolve(file))}`);
}
