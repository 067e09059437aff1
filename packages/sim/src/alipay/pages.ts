import { escapeHtml } from '../http.ts';

// Pages the buyer's browser sees. No scripts: both buttons are plain forms posting back to the
// simulator, so the pages work under any CSP and in a headless browser without JavaScript.

const layout = (title: string, content: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;font-family:system-ui,sans-serif;background:#f5f5f5;color:#333">
<header style="background:#1677ff;color:#fff;padding:12px 24px;font-size:18px">
支付宝 Alipay <small style="opacity:.8">simulator: no real money moves</small>
</header>
<main style="max-width:480px;margin:32px auto;background:#fff;padding:24px;border-radius:8px">
${content}
</main>
</body>
</html>`;

const button = (background: string) =>
  `style="padding:10px 24px;border:0;border-radius:4px;font-size:16px;cursor:pointer;background:${background};color:#fff"`;

export interface CashierView {
  formAction: { pay: string; cancel: string };
  token: string;
  subject: string;
  body?: string;
  amount: string;
  outTradeNo: string;
}

export function cashierPage(view: CashierView): string {
  const token = `<input type="hidden" name="token" value="${escapeHtml(view.token)}">`;
  return layout(
    'Alipay cashier (simulator)',
    `<h1 style="font-size:20px;margin-top:0">${escapeHtml(view.subject)}</h1>
${view.body ? `<p>${escapeHtml(view.body)}</p>` : ''}
<p>Order <code>${escapeHtml(view.outTradeNo)}</code></p>
<p style="font-size:28px;color:#f5222d" data-testid="amount">¥${escapeHtml(view.amount)}</p>
<div style="display:flex;gap:12px">
<form method="post" action="${escapeHtml(view.formAction.pay)}">${token}<button type="submit" ${button('#1677ff')}>Pay</button></form>
<form method="post" action="${escapeHtml(view.formAction.cancel)}">${token}<button type="submit" ${button('#8c8c8c')}>Cancel</button></form>
</div>`,
  );
}

/** Stands in for the gateway's error page: the sub_code without its `isv.` prefix, and why. */
export function errorPage(subCode: string, subMsg: string): string {
  return layout(
    'Alipay error (simulator)',
    `<h1 style="font-size:20px;margin-top:0">抱歉，操作出现错误 (error)</h1>
<p>错误代码 <code data-testid="error-code">${escapeHtml(subCode.replace(/^isv\./, ''))}</code></p>
<p>错误原因: <span data-testid="error-reason">${escapeHtml(subMsg)}</span></p>`,
  );
}

export function messagePage(title: string, text: string): string {
  return layout(
    title,
    `<h1 style="font-size:20px;margin-top:0">${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>`,
  );
}
