/** The identity provider's HTML pages: small, accessible, no external assets. */

export function escapeHtml(value: unknown): string {
  const text =
    typeof value === 'string'
      ? value
      : value === undefined || value === null
        ? ''
        : JSON.stringify(value);
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f6f8; margin: 0; color: #1b1f24; }
  main { max-width: 380px; margin: 12vh auto; background: #fff; padding: 32px; border-radius: 8px;
         box-shadow: 0 2px 8px rgba(0,0,0,.12); }
  h1 { font-size: 1.35rem; margin: 0 0 8px; }
  p { color: #4a5561; line-height: 1.45; }
  label { display: block; font-weight: 600; margin: 20px 0 6px; }
  input { width: 100%; box-sizing: border-box; padding: 10px; font-size: 1rem; border: 1px solid #8a96a3; border-radius: 4px; }
  input:focus, button:focus { outline: 3px solid #1565c0; outline-offset: 2px; }
  button { margin-top: 20px; width: 100%; padding: 11px; font-size: 1rem; font-weight: 600; color: #fff;
           background: #1565c0; border: 0; border-radius: 4px; cursor: pointer; }
  [role=alert] { color: #b00020; font-weight: 600; }
  .hint { font-size: .85rem; }
`;

export function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** Sign-in: the e-mail passed as login_hint, pre-filled and editable, and one Continue button. */
export function signInPage(options: {
  action: string;
  email: string;
  clientName: string;
  error?: string;
}): string {
  const error = options.error
    ? `<p role="alert" id="email-error">${escapeHtml(options.error)}</p>`
    : '';
  return page(
    'Sign in · Sandbox identity provider',
    `<h1>Sign in</h1>
<p>Continue to ${escapeHtml(options.clientName)} with your work e-mail.</p>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
  <label for="email">Work e-mail</label>
  <input id="email" name="email" type="email" autocomplete="email" required autofocus
    value="${escapeHtml(options.email)}"${options.error ? ' aria-invalid="true" aria-describedby="email-error"' : ''}>
  ${error}
  <button type="submit">Continue</button>
</form>
<p class="hint">Sandbox identity provider: no password is needed on this machine.</p>`,
  );
}

/** Sign-out confirmation, submitted at once (a button remains for browsers without script). */
export function logoutPage(form: string): string {
  return page(
    'Signing out · Sandbox identity provider',
    `<h1>Signing you out…</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<script>document.querySelector('button[name="logout"]').click();</script>`,
  );
}

export function signedOutPage(): string {
  return page('Signed out · Sandbox identity provider', '<h1>You are signed out</h1>');
}

export function errorPage(out: object): string {
  const rows = Object.entries(out as Record<string, unknown>)
    .map(([k, v]) => `<p><strong>${escapeHtml(k)}</strong>: ${escapeHtml(v)}</p>`)
    .join('\n');
  return page('Sign-in error · Sandbox identity provider', `<h1>Sign-in error</h1>\n${rows}`);
}
