import 'reflect-metadata';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import {
  type AnyOperation,
  ApiErrorSchema,
  AREAS,
  OPERATIONS,
  toDocumentedSchema,
} from '@onboarding/contracts';
import express from 'express';
import { z } from 'zod';
import { createOpenApiDocument } from '../../openapi-document.js';
import { AtRoute } from './at-route.js';
import { buildOpenApiDocument, ContractOperation, swaggerUiOptions } from './openapi.js';

/** What each error status means, as the document tells API clients. */
const ERRORS = {
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

type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: unknown[];
  requestBody?: {
    required: boolean;
    content: Record<string, { schema: unknown; example: unknown }>;
  };
  responses: Record<string, { description: string; content: unknown }>;
  parameters: {
    name: string;
    in: string;
    required: boolean;
    description?: string;
    schema: Record<string, unknown>;
  }[];
};

/** The gateway's document, built from its routes as `npm run build` writes it. */
describe('the OpenAPI document', () => {
  let doc: OpenAPIObject;
  beforeAll(async () => {
    doc = await createOpenApiDocument();
  }, 20_000);

  const operation = (op: AnyOperation): Operation => {
    const path = op.path.replace(/:(\w+)/g, '{$1}');
    const found = (doc.paths[path] as Record<string, Operation> | undefined)?.[
      op.method.toLowerCase()
    ];
    if (!found) throw new Error(`${op.id}: no ${op.method} ${path} in the document`);
    return found;
  };
  const byId = (id: string) => OPERATIONS.find((op) => op.id === id)!;

  it('describes the gateway: OpenAPI 3.1, version 2 of the API, served on the console’s origin', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toEqual({
      title: 'Onboarding Console gateway',
      description:
        'The backend-for-frontend of the Onboarding Console. Every proxied call is declared once in ' +
        '@onboarding/contracts; requests and answers are validated against these schemas. ' +
        'Calls need a signed-in session cookie; POST/PUT/DELETE also need a same-origin Origin and ' +
        '`X-Requested-With: XMLHttpRequest`.',
      version: '3',
      contact: {},
      license: { name: 'Proprietary, for internal use only', identifier: 'LicenseRef-Proprietary' },
    });
    expect(doc.servers).toEqual([
      { url: '/', description: "The gateway serving this document (the console's origin)" },
    ]);
  });

  it('names the session cookie of a production gateway, and the local one in its description', () => {
    expect(doc.components!.securitySchemes).toEqual({
      cookie: {
        type: 'apiKey',
        in: 'cookie',
        name: '__Host-onboarding.sid',
        description:
          'The session cookie set at sign-in. On a plain-http loopback origin (one-machine mode, ' +
          '`npm run dev`) it is named `onboarding.sid`; the browser sends it on the same origin.',
      },
    });
  });

  it('declares the one error envelope every error answer uses', () => {
    expect(doc.components!.schemas).toEqual({
      ApiError: toDocumentedSchema(ApiErrorSchema, 'output'),
    });
  });

  it('has one tag per area, saying who answers it and under which path', () => {
    const areas = [...new Set(OPERATIONS.map((op) => op.area))];
    expect(doc.tags!.map((t) => t.name)).toEqual(areas.map((a) => AREAS[a]));
    const described = Object.fromEntries(doc.tags!.map((t) => [t.name, t.description]));
    expect(described).toMatchObject({
      [AREAS.session]: 'Answered by the gateway itself, under `/api`.',
      [AREAS.fleet]: 'Answered by the gateway itself, under `/api/fleet`.',
      [AREAS.watch]: 'Answered by the gateway itself, under `/api/watch`.',
      [AREAS.rem_omni]:
        'Forwarded to the customer-setup API, under `/api/proxy/customer-setup/rem_omni`.',
      [AREAS.llm]: 'Forwarded to the LLM prompt service, under `/api/proxy/llm/prompts`.',
      [AREAS.customersetup]:
        'Forwarded to the customer-setup API, under `/api/proxy/customer-setup/customer-setup/customersetup`.',
    });
  });

  it('has every operation of the contracts at its method and path, with its id, summary and area', () => {
    for (const op of OPERATIONS) {
      const o = operation(op);
      expect([op.id, o.operationId, o.summary, o.tags]).toEqual([
        op.id,
        op.id,
        op.summary,
        [AREAS[op.area]],
      ]);
    }
  });

  it('lists the errors of a proxied call, upstream ones included, each in the error envelope', () => {
    const expected = Object.fromEntries(
      Object.entries(ERRORS).map(([status, description]) => [
        status,
        { description, content: API_ERROR },
      ]),
    );
    for (const op of OPERATIONS.filter((o) => o.service !== 'gateway')) {
      const { '200': ok, ...errors } = operation(op).responses;
      expect([op.id, errors]).toEqual([op.id, expected]);
      expect(ok).toEqual({
        description: 'The answer',
        content: { 'application/json': { schema: toDocumentedSchema(op.response, 'output') } },
      });
    }
  });

  it('lists no upstream error (502, 504) for a call the gateway answers itself, but 503', () => {
    const config = operation(byId('session.config')).responses;
    expect(Object.keys(config).sort()).toEqual(
      ['200', '400', '401', '403', '413', '415', '429', '503'].sort(),
    );
    expect(config['503']).toEqual({ description: ERRORS['503'], content: API_ERROR });
    for (const op of OPERATIONS.filter((o) => o.service === 'gateway')) {
      const statuses = Object.keys(operation(op).responses);
      expect([op.id, statuses.filter((s) => s === '502' || s === '504')]).toEqual([op.id, []]);
      expect([op.id, statuses.includes('503')]).toEqual([op.id, true]);
    }
  });

  it('asks for the session cookie on every call but sign-in and logout', () => {
    for (const op of OPERATIONS) {
      const security = op.path.startsWith('/api/sso/') ? [] : [{ cookie: [] }];
      expect([op.id, operation(op).security]).toEqual([op.id, security]);
    }
    expect(operation(byId('session.getAuthUrl')).security).toEqual([]);
    expect(operation(byId('session.config')).security).toEqual([{ cookie: [] }]);
  });

  it('gives a POST or PUT its required JSON body with the example, and a GET or DELETE none', () => {
    const expectedBody = (op: AnyOperation) =>
      op.body && (op.method === 'POST' || op.method === 'PUT')
        ? {
            required: true,
            content: {
              'application/json': {
                schema: toDocumentedSchema(op.body, 'input'),
                example: op.example.body,
              },
            },
          }
        : undefined;
    for (const op of OPERATIONS)
      expect([op.id, operation(op).requestBody]).toEqual([op.id, expectedBody(op)]);
    // Both cases are there: a PUT with a body, and a DELETE declaring one it sends none of.
    expect(OPERATIONS.some((op) => op.method === 'PUT' && op.body)).toBe(true);
    expect(OPERATIONS.some((op) => op.method === 'DELETE' && op.body)).toBe(true);
  });

  it('says which body fields the gateway sets from the session', () => {
    expect(operation(byId('rem_omni.reTrigger')).description).toBe(
      'The gateway sets requestedBy from the session, whatever the body says.',
    );
    for (const op of OPERATIONS) {
      const expected = op.identity?.length
        ? `The gateway sets ${op.identity.join(', ')} from the session, whatever the body says.`
        : undefined;
      expect([op.id, operation(op).description]).toEqual([op.id, expected]);
    }
  });

  it('documents path parameters as required and query ones as the schema says, with the example', () => {
    expect(operation(byId('fleet.snapshot')).parameters).toEqual([
      {
        name: 'flow',
        in: 'query',
        required: true,
        description: 'rem_omni: Category Leaderboard; meta: a product (name it by productId)',
        schema: expect.objectContaining({ enum: ['rem_omni', 'meta'], example: 'rem_omni' }),
      },
      {
        name: 'productId',
        in: 'query',
        required: false,
        schema: { type: 'string', maxLength: 12, pattern: '^[0-9]+$' },
      },
    ]);
    expect(operation(byId('views.update')).parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ type: 'string', example: 'v-1' }),
      },
    ]);
    expect(operation(byId('session.config')).parameters).toEqual([]);
  });

  it('documents each parameter of every operation with its example value', () => {
    for (const op of OPERATIONS) {
      const params = operation(op).parameters;
      const inPath = params.filter((p) => p.in === 'path');
      for (const p of inPath) expect([op.id, p.name, p.required]).toEqual([op.id, p.name, true]);
      for (const p of params) {
        const example = (p.in === 'path' ? op.example.params : op.example.query)?.[p.name];
        expect([op.id, p.name, p.schema.example]).toEqual([op.id, p.name, example]);
      }
    }
  });
});

/** An operation of one's own, on a controller of its own: what any route declared so gets. */
describe('a route declared by its contract operation', () => {
  const op: AnyOperation = {
    id: 'views.forget',
    name: 'forget',
    area: 'views',
    service: 'gateway',
    method: 'DELETE',
    path: '/api/views/:id/name',
    summary: 'Forgets a view’s name',
    params: z.object({ id: z.string() }),
    body: z.object({ name: z.string() }),
    response: z.object({ ok: z.boolean() }),
    example: { params: { id: 'v-1' }, body: { name: 'Mine' } },
    identity: [],
  };

  it('is documented at its method and path, with nothing said of an empty identity list', async () => {
    @Controller()
    class ForgetController {
      @ContractOperation(op)
      @AtRoute(op)
      forget() {
        return { ok: true };
      }
    }
    @Module({ controllers: [ForgetController] })
    class ForgetModule {}
    const app = await NestFactory.create(ForgetModule, new ExpressAdapter(express()), {
      preview: true,
      logger: false,
      abortOnError: false,
    });
    try {
      const doc = buildOpenApiDocument(app);
      const path = doc.paths['/api/views/{id}/name'] as Record<string, Operation>;
      expect(Object.keys(path)).toEqual(['delete']);
      expect(path.delete).toMatchObject({
        operationId: 'views.forget',
        summary: 'Forgets a view’s name',
      });
      expect(path.delete!.description).toBeUndefined();
      // Neither POST nor PUT: no request body documented, whatever it declares.
      expect(path.delete!.requestBody).toBeUndefined();
      expect(path.delete!.parameters).toEqual([
        { name: 'id', in: 'path', required: true, schema: { type: 'string', example: 'v-1' } },
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('Swagger UI', () => {
  it('sends X-Requested-With on Try it out, as the console’s own calls do', () => {
    const intercept = swaggerUiOptions.swaggerOptions!.requestInterceptor as (r: {
      headers: Record<string, string>;
    }) => unknown;
    const request = { url: '/api/config', headers: { Accept: 'application/json' } };
    expect(intercept(request)).toBe(request);
    expect(request.headers).toEqual({
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    });
  });

  it('reads the document beside it, validates nothing elsewhere and keeps no credentials', () => {
    expect(swaggerUiOptions).toMatchObject({
      jsonDocumentUrl: 'api/docs-json',
      raw: ['json'],
      customSiteTitle: 'Onboarding Console gateway — API',
      swaggerOptions: { validatorUrl: null, persistAuthorization: false },
    });
  });
});
