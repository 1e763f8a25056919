import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { oidcClientPerFile, withProviderDown } from '../../test/support/discovery-server.js';
import { ApiException } from '../common/errors/api-exception.js';
import type { GatewayConfig } from '../config/app-config.js';
import { SignInStartGuard } from './sign-in-start.guard.js';

const { oidc } = oidcClientPerFile();
const config = { publicOrigin: 'https://console.example' } as GatewayConfig;

/** getAuthUrl's request as Nest hands it to the guard. */
const asked = (body: unknown): ExecutionContext =>
  ({
    switchToHttp: () => ({
      getRequest: () => ({
        method: 'POST',
        path: '/api/sso/getAuthUrl',
        headers: { 'content-type': 'application/json' },
        query: {},
        params: {},
        body,
      }),
    }),
  }) as unknown as ExecutionContext;

/** The guard's options for `body`, or what it threw. */
async function outcome(
  guard: SignInStartGuard,
  body: unknown,
): Promise<{ options?: { returnTo: string }; err?: unknown }> {
  return guard.getAuthenticateOptions(asked(body)).then(
    (options) => ({ options }),
    (err: unknown) => ({ err }),
  );
}

describe('the sign-in start guard (getAuthUrl)', () => {
  it('asks passport to start a sign-in with the e-mail as hint and a safe return target', async () => {
    const guard = new SignInStartGuard(oidc(), config);
    expect(
      await outcome(guard, { email: 'op@example.com', currentUrl: '/prompts?page=2' }),
    ).toEqual({
      options: {
        step: 'start',
        loginHint: 'op@example.com',
        returnTo: '/prompts?page=2',
        property: 'authorizationUrl',
      },
    });
    expect(
      (await outcome(guard, { email: 'op@example.com', currentUrl: 'https://evil.example/' }))
        .options?.returnTo,
    ).toBe('/');
  });

  it('refuses a body outside the contract with 400, naming the field, before the identity provider', async () => {
    await withProviderDown(async (unreachable, idp) => {
      const { err } = await outcome(new SignInStartGuard(unreachable, config), {
        email: 'op@example.com',
        currentUrl: '/',
        role: 'admin',
      });
      expect(err).toBeInstanceOf(ApiException);
      expect(err).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((err as ApiException).getStatus()).toBe(400);
      expect((err as ApiException).details.issues).toEqual([
        expect.objectContaining({ path: ['body'] }),
      ]);
      expect(idp.hits).toBe(0);
    });
  });

  it('answers 503 while the identity provider is down', async () => {
    await withProviderDown(async (unreachable) => {
      const { err } = await outcome(new SignInStartGuard(unreachable, config), {
        email: 'op@example.com',
        currentUrl: '/',
      });
      expect((err as ApiException).getStatus()).toBe(503);
    });
  });
});
