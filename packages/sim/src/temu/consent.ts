import { escapeHtml } from '../http.ts';

/** The mall a seller authorizes from the consent page unless they type another id. */
export const DEFAULT_MALL_ID = '634418212233';

/**
 * Seller Center's authorization page as the simulator shows it: the app asking, the mall to
 * grant, and Authorize / Deny. The form posts back to the same URL, so it works under any mount.
 */
export function consentPage(input: {
  appName: string;
  appKey: string;
  redirectUrl: string;
}): string {
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Temu Seller Center – Authorize app</title>
<style>
body{font-family:system-ui,sans-serif;background:#f5f5f5;margin:0;padding:48px 16px}
main{max-width:440px;margin:auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 1px 4px #0002}
h1{font-size:20px;margin:0 0 8px;color:#fb7701}label{display:block;margin:16px 0 4px}
input[type=text]{width:100%;box-sizing:border-box;padding:8px}
button{padding:10px 20px;margin:24px 8px 0 0;border-radius:4px;border:1px solid #fb7701;font-size:15px}
.allow{background:#fb7701;color:#fff}.deny{background:#fff;color:#fb7701}
small{color:#777}
</style></head><body><main>
<h1>Temu Seller Center (simulator)</h1>
<p><strong>${escapeHtml(input.appName)}</strong> asks to manage your shop's products, orders and shipping through the Temu Open Platform.</p>
<form method="post">
${hidden('app_key', input.appKey)}${hidden('redirect_url', input.redirectUrl)}
<label for="mall">Shop (mall) ID</label>
<input type="text" id="mall" name="mall_id" value="${DEFAULT_MALL_ID}" pattern="[0-9]{1,18}" required>
<small>Region: United States (regionId 211)</small><br>
<button class="allow" type="submit" name="decision" value="authorize">Authorize</button>
<button class="deny" type="submit" name="decision" value="deny" formnovalidate>Deny</button>
<button class="deny" type="submit" name="decision" value="token">Show access token</button>
</form></main></body></html>`;
}

/** Seller Center's manual mode: the access token, for the seller to paste into the app. */
export function tokenPage(token: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Temu Seller Center – Access token</title></head>
<body style="font-family:system-ui,sans-serif;padding:48px 16px"><main style="max-width:640px;margin:auto">
<h1 style="font-size:20px;color:#fb7701">Access token</h1>
<p>Paste this token into the app's "Authorize with access token" form.</p>
<textarea id="access-token" readonly rows="4" style="width:100%">${escapeHtml(token)}</textarea>
</main></body></html>`;
}
