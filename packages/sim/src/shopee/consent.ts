import { escapeHtml } from '../http.ts';
import { REGIONS } from './data.ts';

export interface ConsentPage {
  action: string;
  partnerId: number;
  /** The signed link parameters, carried through the form so the decision re-checks them. */
  params: Record<string, string>;
}

/** Shopee's shop authorization page: the seller picks the shop (by region) and authorizes or denies. */
export function consentHtml(page: ConsentPage): string {
  const hidden = Object.entries(page.params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const shops = Object.entries(REGIONS)
    .map(([region, r]) => `<option value="${region}">Shop ${r.shopId} (${region})</option>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shopee Open Platform - Authorization</title>
<style>body{font-family:sans-serif;background:#f5f5f5;margin:0}main{max-width:420px;margin:60px auto;background:#fff;padding:32px;border-top:4px solid #ee4d2d}
h1{font-size:20px;color:#ee4d2d}button{padding:10px 20px;margin-right:8px;border:0;cursor:pointer}
.ok{background:#ee4d2d;color:#fff}select{width:100%;padding:8px;margin:12px 0}</style></head>
<body><main><h1>Shopee Open Platform (simulator)</h1>
<p>The app <strong>Seller Hub</strong> (partner ${page.partnerId}) asks to access your shop's products, orders and logistics.</p>
<form method="post" action="${escapeHtml(page.action)}">${hidden}
<label for="region">Shop</label><select id="region" name="region">${shops}</select>
<button class="ok" type="submit" name="decision" value="authorize">Authorize</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form></main></body></html>`;
}
