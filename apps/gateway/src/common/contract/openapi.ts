import { DocumentBuilder, type OpenAPIObject } from '@nestjs/swagger';
import type { SwaggerCustomOptions } from '@nestjs/swagger';
import {
  type AnyOperation,
  ApiErrorSchema,
  AREAS,
  type JsonSchema,
  toDocumentedSchema as jsonSchema,
} from '@onboarding/contracts';
import { exampleRequest } from '@onboarding/contracts/testing';
import type { GatewayConfig } from '../../config/app-config.js';
import type { z } from 'zod';

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'The request does not match the contract (issues name the fields)',
  '401': 'No signed-in session',
  '403': 'Not same-origin, or X-Requested-With missing',
  '413': 'Body too large',
  '415': 'Body is not JSON',
  '429': 'Rate limited (Retry-After)',
  '502': 'Upstream unreachable, failing, or answering outside its contract',
  '503': 'Upstream or session store unavailable, or circuit open (Retry-After)',
  '504': 'Upstream did not answer in time',
};

/** `:id` → `{id}` */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parameters(
  schema: z.ZodType | undefined,
  where: 'path' | 'query',
  example: Record<string, unknown> | undefined,
): JsonSchema[] {
  if (!schema) return [];
  const js = jsonSchema(schema, 'input');
  const props = (js.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((js.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
    ...(example?.[name] !== undefined ? { example: example[name] } : {}),
    schema: s,
  }));
}

/**
 * The OpenAPI 3.1 document of the gateway, generated from the same operation declarations that
 * mount the routes: every operation with its summary, parameters, body and answer schemas.
 */
export function buildOpenApiDocument(
  operations: readonly AnyOperation[],
  config: GatewayConfig,
): OpenAPIObject {
  const base = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Onboarding Console gateway')
    .setDescription(
      'The backend-for-frontend of the Onboarding Console. Every proxied call is declared once in ' +
        '@onboarding/contracts; requests and answers are validated against these schemas. ' +
        'Calls need a signed-in session cookie; POST/PUT/DELETE also need a same-origin Origin and ' +
        '`X-Requested-With: XMLHttpRequest`.',
    )
    .setVersion('1')
    .addCookieAuth(config.session.cookieName)
    .build();
  const errorSchema = jsonSchema(ApiErrorSchema, 'output');
  const tags = new Set<string>();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const tag = AREAS[op.area];
    const example = exampleRequest(op);
    tags.add(tag);
    const errorResponses = Object.fromEntries(
      Object.entries(ERROR_RESPONSES)
        .filter(([status]) => op.service !== 'gateway' || Number(status) < 500 || status === '503')
        .map(([status, description]) => [
          status,
          {
            description,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
          },
        ]),
    );
    const operation: Record<string, unknown> = {
      operationId: op.id,
      summary: op.summary,
      tags: [tag],
      parameters: [
        ...parameters(op.params, 'path', example.params),
        ...parameters(op.query, 'query', example.query),
      ],
      responses: {
        '200': {
          description: 'The answer',
          content: { 'application/json': { schema: jsonSchema(op.response, 'output') } },
        },
        ...errorResponses,
      },
      // Sign-in and logout work without a session; everything else needs the cookie.
      ...(op.path.startsWith('/api/sso/') ? { security: [] } : { security: [{ cookie: [] }] }),
    };
    if (op.body && (op.method === 'POST' || op.method === 'PUT')) {
      operation.requestBody = {
        required: true,
        content: {
          'application/json': { schema: jsonSchema(op.body, 'input'), example: example.body },
        },
      };
    }
    if (op.identity?.length) {
      operation.description = `The gateway sets ${op.identity.join(', ')} from the session, whatever the body says.`;
    }
    (paths[openApiPath(op.path)] ??= {})[op.method.toLowerCase()] = operation;
  }
  return {
    ...base,
    tags: [...tags].map((name) => ({ name })),
    paths: paths,
    components: {
      ...base.components,
      schemas: { ...(base.components?.schemas ?? {}), ApiError: errorSchema as never },
    },
  };
}

/**
 * Swagger UI as a signed-in developer uses it: Try it out sends what the console's own calls send
 * (the session cookie goes along on the same origin; the header proves the call is not a form).
 */
export const swaggerUiOptions: SwaggerCustomOptions = {
  jsonDocumentUrl: 'api/docs-json',
  raw: ['json'],
  customSiteTitle: 'Onboarding Console gateway — API',
  swaggerOptions: {
    validatorUrl: null,
    persistAuthorization: false,
    requestInterceptor: (request: { headers: Record<string, string> }) => {
      request.headers['X-Requested-With'] = 'XMLHttpRequest';
      return request;
    },
  },
};
