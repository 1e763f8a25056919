import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import Provider, {
  interactionPolicy,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { z } from 'zod';
import type { SandboxDatabase } from '../db/database.js';
import { sqliteAdapter } from './adapter.js';
import { identityProviderKeys } from './keys.js';
import { errorPage, logoutPage, signedOutPage, signInPage } from './pages.js';

/** The gateway's client id (its OIDC_CLIENT_ID default). */
export const CLIENT_ID = 'onboarding-console';
/** Where the identity provider is mounted on the sandbox. */
export const OIDC_MOUNT = '/oidc';

export interface IdentityProviderOptions {
  /** Origin the browser and the gateway reach the sandbox on; the issuer is `<publicUrl>/oidc`. */
  publicUrl: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /**
   * Whether the ID token carries `email` and `email_verified` (default true). False leaves them
   * to the userinfo endpoint only, as identity providers that keep ID tokens small do.
   */
  idTokenEmail?: boolean;
}

const EmailSchema = z.email().max(254);

function displayName(email: string): string {
  const local = email.split('@')[0] ?? email;
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/** A sign-in whose hint names someone other than the session's user asks again. */
const hintMismatch = new interactionPolicy.Check(
  'login_hint_mismatch',
  'The login_hint names another user than the signed-in one',
  (ctx: KoaContextWithOIDC) => {
    const hint = ctx.oidc.params?.login_hint;
    const account = ctx.oidc.session?.accountId;
    if (ctx.oidc.result?.login || typeof hint !== 'string' || !account) {
      return interactionPolicy.Check.NO_NEED_TO_PROMPT;
    }
    return hint.trim().toLowerCase() === account
      ? interactionPolicy.Check.NO_NEED_TO_PROMPT
      : interactionPolicy.Check.REQUEST_PROMPT;
  },
);

/**
 * The sandbox identity provider (oidc-provider): discovery, JWKS, authorization code + PKCE
 * for the gateway's confidential client, ID tokens carrying `email`, end-session. Its sign-in
 * page takes the e-mail passed as login_hint; consent for the gateway is granted by itself.
 */
export function createIdentityProvider(
  db: SandboxDatabase,
  options: IdentityProviderOptions,
): { provider: Provider; router: Router; issuer: string } {
  const issuer = `${options.publicUrl.replace(/\/+$/, '')}${OIDC_MOUNT}`;
  const { jwks, cookieKeys } = identityProviderKeys(db);
  const policy = interactionPolicy.base();
  policy.get('login')?.checks.add(hintMismatch);

  const configuration: Configuration = {
    adapter: sqliteAdapter(db),
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: options.clientSecret,
        client_name: 'Onboarding Console',
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: jwks,
    cookies: { keys: cookieKeys },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Scope claims (email) go into the ID token itself, so the gateway needs no userinfo call.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${OIDC_MOUNT}/interaction/${interaction.uid}`,
    },
    findAccount(_ctx, sub) {
      const withoutEmailInIdToken = options.idTokenEmail === false;
      return {
        accountId: sub,
        claims: (use) =>
          withoutEmailInIdToken && use === 'id_token'
            ? { sub, name: displayName(sub) }
            : { sub, email: sub, email_verified: true, name: displayName(sub) },
      };
    },
    async loadExistingGrant(ctx) {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const grant = await ctx.oidc.provider.Grant.find(grantId);
        if (grant && grant.accountId === session.accountId) return grant;
      }
      if (client.clientId !== CLIENT_ID) return undefined;
      // The console is first-party: its consent is granted without asking.
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(out);
    },
    clientBasedCORS: () => false,
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 120,
      IdToken: 3600,
      Interaction: 3600,
      Grant: 14 * 24 * 3600,
      Session: 14 * 24 * 3600,
    },
  };
  const provider = new Provider(issuer, configuration);
  if (issuer.startsWith('https:')) provider.proxy = true;

  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '10kb' });
  const action = (uid: string) => `${OIDC_MOUNT}/interaction/${encodeURIComponent(uid)}/login`;

  router.get(
    `${OIDC_MOUNT}/interaction/:uid`,
    (req: Request, res: Response, next: NextFunction) => {
      (async () => {
        const details = await provider.interactionDetails(req, res);
        if (details.prompt.name !== 'login') {
          // Consent is never asked of the console; any other prompt is answered by itself.
          await provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
          return;
        }
        const hint = details.params.login_hint;
        res
          .type('html')
          .set('Cache-Control', 'no-store')
          .send(
            signInPage({
              action: action(details.uid),
              email: typeof hint === 'string' ? hint : '',
              clientName: 'the Onboarding Console',
            }),
          );
      })().catch(next);
    },
  );

  router.post(
    `${OIDC_MOUNT}/interaction/:uid/login`,
    form,
    (req: Request, res: Response, next: NextFunction) => {
      (async () => {
        const details = await provider.interactionDetails(req, res);
        const body = req.body as Record<string, unknown> | undefined;
        const typed = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
        const email = EmailSchema.safeParse(typed);
        if (!email.success) {
          res
            .status(400)
            .type('html')
            .set('Cache-Control', 'no-store')
            .send(
              signInPage({
                action: action(details.uid),
                email: typed,
                clientName: 'the Onboarding Console',
                error: 'Enter a valid work e-mail address.',
              }),
            );
          return;
        }
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: email.data } },
          { mergeWithLastSubmission: false },
        );
      })().catch(next);
    },
  );

  const callback = provider.callback();
  router.use(OIDC_MOUNT, (req, res) => {
    void callback(req, res);
  });
  return { provider, router, issuer };
}
