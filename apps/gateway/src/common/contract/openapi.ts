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
import { exampleRequest } from '@onboarding/contracts/testing';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { GatewayConfig } from '../../config/app-config.js';
import { requireSession } from '../guards/session.guard.js';

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
  const example = exampleRequest(op);
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
  const example = exampleRequest(op);
  return applyDecorators(
    ApiOperation(describe(op)),
    // Swagger's own parameter decorators: it would replace an operation's `parameters` by them.
    ...parameters(op.params, 'path', example.params).map((p) => ApiParam(p)),
    ...parameters(op.query, 'query', example.query).map((p) => ApiQuery(p)),
  );
};

/**
 * The OpenAPI 3.1 document: swagger scans the routes, each described by its ContractOperation;
 * the error envelope and the areas' tags are added here.
 */
export function buildOpenApiDocument(app: INestApplication, config: GatewayConfig): OpenAPIObject {
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
  const document = SwaggerModule.createDocument(app, base);
  document.tags = [...new Set(OPERATIONS.map((op) => AREAS[op.area]))].map((name) => ({ name }));
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

/** Where SwaggerModule.setup('api/docs', …) serves Swagger UI, its assets and the document. */
export const API_DOCS_PATHS = ['/api/docs', '/api/docs-json'];

/**
 * API_DOCS=session: the docs answer as an API call does, by the API's own session rule (the
 * absolute lifetime included); without a session the error goes to the filter as a 401.
 */
export function apiDocsSessionGate(config: GatewayConfig): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    requireSession(req, res, config).then(() => next(), next);
  };
}
