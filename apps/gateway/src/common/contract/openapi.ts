import { DocumentBuilder, type OpenAPIObject, type SwaggerCustomOptions } from '@nestjs/swagger';
import {
  type AnyOperation,
  ApiErrorSchema,
  AREAS,
  type JsonSchema,
  toDocumentedSchema as jsonSchema,
} from '@onboarding/contracts';
import { exampleRequest } from '@onboarding/contracts/testing';
import type { z } from 'zod';
import type { GatewayConfig } from '../../config/app-config.js';

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
const API_ERROR = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };

/** The path or query parameters of a schema, each with the example's value. */
function parameters(
  schema: z.ZodType | undefined,
  where: 'path' | 'query',
  example: Record<string, unknown> = {},
): JsonSchema[] {
  const js = schema ? jsonSchema(schema, 'input') : {};
  const required = new Set((js.required ?? []) as string[]);
  return Object.entries((js.properties ?? {}) as Record<string, JsonSchema>).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    description: s.description,
    example: example[name],
    schema: s,
  }));
}

/** One operation's OpenAPI object: summary, parameters, body and answer schemas, errors. */
function describe(op: AnyOperation): Record<string, unknown> {
  const example = exampleRequest(op);
  const errors = Object.entries(ERROR_RESPONSES)
    // The gateway's own calls (sign-in, config) reach no upstream.
    .filter(([status]) => op.service !== 'gateway' || Number(status) < 500 || status === '503')
    .map(([status, description]) => [status, { description, content: API_ERROR }]);
  const sendsBody = op.body && (op.method === 'POST' || op.method === 'PUT');
  return {
    operationId: op.id,
    summary: op.summary,
    description: op.identity?.length
      ? `The gateway sets ${op.identity.join(', ')} from the session, whatever the body says.`
      : undefined,
    tags: [AREAS[op.area]],
    parameters: [
      ...parameters(op.params, 'path', example.params),
      ...parameters(op.query, 'query', example.query),
    ],
    requestBody: sendsBody
      ? {
          required: true,
          content: {
            'application/json': { schema: jsonSchema(op.body, 'input'), example: example.body },
          },
        }
      : undefined,
    responses: {
      '200': {
        description: 'The answer',
        content: { 'application/json': { schema: jsonSchema(op.response, 'output') } },
      },
      ...Object.fromEntries(errors),
    },
    // Sign-in and logout work without a session; everything else needs the cookie.
    security: op.path.startsWith('/api/sso/') ? [] : [{ cookie: [] }],
  };
}

/**
 * The OpenAPI 3.1 document of the gateway, generated from the same operation declarations that
 * mount the routes (undefined fields are dropped when it is served as JSON).
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
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations)
    (paths[op.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')] ??= {})[op.method.toLowerCase()] =
      describe(op);
  return {
    ...base,
    tags: [...new Set(operations.map((op) => AREAS[op.area]))].map((name) => ({ name })),
    paths,
    components: {
      ...base.components,
      schemas: {
        ...base.components?.schemas,
        ApiError: jsonSchema(ApiErrorSchema, 'output') as never,
      },
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
