import type { DoubleTransaction } from './state';

/** The hosted checkout page of the double (it stands in for checkout.paystack.com; its texts are the double's, in English). */

const TITLE = 'Paystack double — test checkout';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b2430;background:#eef2f5;display:flex;justify-content:center;align-items:flex-start;padding:24px 16px}
main{width:100%;max-width:420px;background:#fff;border-radius:16px;box-shadow:0 2px 12px rgba(16,24,40,.08);padding:24px 20px}
.badge{display:inline-block;margin:0 0 12px;padding:2px 10px;border-radius:999px;background:#fff4d6;color:#7a5200;font-size:13px;font-weight:600}
h1{margin:0 0 16px;font-size:18px;font-weight:600;color:#4a5564}
.amount{margin:0;font-size:34px;font-weight:700;letter-spacing:-.5px}
.email{margin:4px 0 20px;color:#4a5564;overflow-wrap:anywhere}
fieldset{border:0;margin:0 0 20px;padding:0;display:grid;gap:8px}
legend{font-weight:600;margin-bottom:8px}
label{display:flex;align-items:center;gap:10px;padding:12px 14px;border:1px solid #cfd6de;border-radius:10px;cursor:pointer}
label:has(input:checked){border-color:#0a7d4f;background:#eefaf4}
input[type=radio]{width:20px;height:20px;accent-color:#0a7d4f;margin:0}
button{display:block;width:100%;min-height:48px;margin-top:10px;border-radius:10px;font:inherit;font-weight:600;cursor:pointer}
.approve{border:0;background:#0a7d4f;color:#fff}
.decline{border:0;background:#b42318;color:#fff}
.cancel{border:1px solid #cfd6de;background:#fff;color:#1b2430}
button:focus-visible,label:focus-within{outline:3px solid #2563eb;outline-offset:2px}
.reference{margin:20px 0 0;font-size:13px;color:#6b7684;overflow-wrap:anywhere}
a{color:#0a5cad}
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function formatAmount(amountMinor: number, currency: string): string {
  const figure = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amountMinor / 100);
  return currency === 'GHS' ? `GH₵ ${figure}` : `${currency} ${figure}`;
}

function page(body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${TITLE}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="badge">Test mode: no real money moves</p>
${body}
</main>
</body>
</html>`;
}

const CHANNEL_LABELS: Record<string, string> = { card: 'Card', mobile_money: 'Mobile money' };

export function checkoutPage(transaction: DoubleTransaction): string {
  const action = `/checkout/${encodeURIComponent(transaction.accessCode ?? '')}`;
  const channels = transaction.channels.filter((c) => c in CHANNEL_LABELS);
  const choices = (channels.length > 0 ? channels : ['card'])
    .map((channel, i) => `<label><input type="radio" name="channel" value="${channel}"${i === 0 ? ' checked' : ''}> ${CHANNEL_LABELS[channel]}</label>`)
    .join('\n');
  return page(`<h1>${TITLE}</h1>
<p class="amount">${escapeHtml(formatAmount(transaction.amount, transaction.currency))}</p>
<p class="email">${escapeHtml(transaction.email)}</p>
<form method="post" action="${action}/approve">
<fieldset>
<legend>Pay with</legend>
${choices}
</fieldset>
<button type="submit" class="approve">Approve</button>
<button type="submit" class="decline" formaction="${action}/decline">Decline</button>
<button type="submit" class="cancel" formaction="${action}/cancel">Cancel payment</button>
</form>
<p class="reference">Reference ${escapeHtml(transaction.reference)}</p>`);
}

/** A short page: an unknown checkout, a payment already decided, or the end when there is no callback URL. */
export function messagePage(heading: string, text: string, link?: { href: string; label: string }): string {
  const back = link ? `\n<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '';
  return page(`<h1>${TITLE}</h1>
<p class="amount" style="font-size:24px">${escapeHtml(heading)}</p>
<p>${escapeHtml(text)}</p>${back}`);
}

/**
 * Where the page's Cancel sends the person: the transaction's `metadata.cancel_action` when it is an
 * http(s) address (Paystack redirects there as it is, adding nothing), else null (the callback, with
 * the reference, as before).
 */
export function cancelActionOf(transaction: Pick<DoubleTransaction, 'metadata'>): string | null {
  const value = transaction.metadata?.['cancel_action'];
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
