import { applyDecorators, type INestApplication } from '@nestjs/common';
import {
  ApiOperation,
  ApiParam,
  ApiQuery,
  DocumentBuilder,
  type OpenAPIObject,
  type SwaggerCustomOptions,
  SwaggerModule,
} from '@nestjs/swagger';
import {
  type AnyOperation,
  ApiErrorSchema,
  AREAS,
  OPERATIONS,
  type JsonSchema,
  toDocumentedSchema as jsonSchema,
} from '@onboarding/contracts';
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
const API_ERROR = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };

/** The path or query parameters of a schema, each with the example's value. */
function parameters(
  schema: z.core.$ZodType | undefined,
  where: 'path' | 'query',
  example: Record<string, unknown> = {},
) {
  const js = schema ? jsonSchema(schema, 'input') : {};
  const required = new Set((js.required ?? []) as string[]);
  return Object.entries((js.properties ?? {}) as Record<string, JsonSchema>).map(([name, s]) => ({
    name,
    required: where === 'path' || required.has(name),
    description: s.description as string | undefined,
    // In the schema: swagger's parameter decorators keep a given schema as it is.
    schema: example[name] === undefined ? s : { ...s, example: example[name] },
  }));
}

/** One operation's OpenAPI object: summary, parameters, body and answer schemas, errors. */
function describe(op: AnyOperation) {
  const { example } = op;
  const errors = Object.entries(ERROR_RESPONSES)
    // The gateway's own calls (sign-in, config) reach no upstream.
    .filter(([status]) => op.service !== 'gateway' || Number(status) < 500 || status === '503')
    .map(([status, description]) => [status, { description, content: API_ERROR }] as const);
  const sendsBody = op.body && (op.method === 'POST' || op.method === 'PUT');
  return {
    operationId: op.id,
    summary: op.summary,
    description: op.identity?.length
      ? `The gateway sets ${op.identity.join(', ')} from the session, whatever the body says.`
      : undefined,
    tags: [AREAS[op.area]],
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

/** The route's OpenAPI operation, from its contract declaration (swagger's own metadata). */
export const ContractOperation = (op: AnyOperation) => {
  const { example } = op;
  return applyDecorators(
    ApiOperation(describe(op)),
    // Swagger's own parameter decorators: it would replace an operation's `parameters` by them.
    ...parameters(op.params, 'path', example.params).map((p) => ApiParam(p)),
    ...parameters(op.query, 'query', example.query).map((p) => ApiQuery(p)),
  );
};

/** Who answers each area's calls, for its tag's description. */
const SERVICE_TITLES = {
  gateway: 'Answered by the gateway itself',
  'customer-setup': 'Forwarded to the customer-setup API',
  llm: 'Forwarded to the LLM prompt service',
} as const satisfies Record<AnyOperation['service'], string>;

/** The longest run of path segments that every path starts with (`/api/proxy/llm`). */
function commonPrefix(paths: string[]): string {
  const [first, ...rest] = paths.map((p) => p.split('/'));
  const prefix: string[] = [];
  for (const [i, segment] of (first ?? []).entries()) {
    if (rest.some((segments) => segments[i] !== segment)) break;
    prefix.push(segment);
  }
  return prefix.join('/');
}

/** One tag per area, described from its operations: who answers them and under which path. */
function areaTags() {
  return [...new Set(OPERATIONS.map((op) => op.area))].map((area) => {
    const ops = OPERATIONS.filter((op) => op.area === area);
    const answeredBy = [...new Set(ops.map((op) => SERVICE_TITLES[op.service]))].join('; ');
    const under = commonPrefix(ops.map((op) => op.path));
    return { name: AREAS[area], description: `${answeredBy}, under \`${under}\`.` };
  });
}

/**
 * The session cookie as a production gateway names it (https origin). The document is the same
 * whatever the configuration, so that it can be built without one and compared across versions.
 */
const SESSION_COOKIE = '__Host-onboarding.sid';

/**
 * From the routes only, never the configuration: `npm run build` writes it without a server
 * (openapi-document.ts) and docs/openapi.json is its reviewed copy.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const base = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Onboarding Console gateway')
    .setDescription(
      'The backend-for-frontend of the Onboarding Console. Every proxied call is declared once in ' +
        '@onboarding/contracts; requests and answers are validated against these schemas. ' +
        'Calls need a signed-in session cookie; POST/PUT/DELETE also need a same-origin Origin and ' +
        '`X-Requested-With: XMLHttpRequest`.',
    )
    // The major is the API's: a breaking change bumps it (CONTRIBUTING.md#add-an-operation).
    // 2: request text refuses control characters (a pattern on every text field).
    // 3: fleet.health answers counts without setup ids (fleet.matching answers a bar's setups).
    .setVersion('3')
    // Relative: the gateway that serves this document, on the console's own origin.
    .addServer('/', "The gateway serving this document (the console's origin)")
    .addCookieAuth(SESSION_COOKIE, {
      type: 'apiKey',
      in: 'cookie',
      description:
        'The session cookie set at sign-in. On a plain-http loopback origin (one-machine mode, ' +
        '`npm run dev`) it is named `onboarding.sid`; the browser sends it on the same origin.',
    })
    .build();
  const document = SwaggerModule.createDocument(app, base);
  // An internal product: no SPDX licence applies, LicenseRef- names one's own. (Swagger's
  // LicenseObject type predates OpenAPI 3.1's `identifier`.)
  document.info.license = {
    name: 'Proprietary, for internal use only',
    identifier: 'LicenseRef-Proprietary',
  } as OpenAPIObject['info']['license'];
  document.tags = areaTags();
  document.components!.schemas = { ApiError: jsonSchema(ApiErrorSchema, 'output') };
  return document;
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
