/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Only http(s) and mailto links reach an href; anything else (javascript:, data:) becomes '#'. */
export function safeUrl(value: string): string {
  return /^(https?:|mailto:)/i.test(value.trim()) ? value.trim() : '#';
}

/** Brand colours come from validated partner files, but an email must never carry CSS injection. */
export function safeColor(value: string, fallback: string): string {
  return /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i.test(value) ? value : fallback;
}

/**
 * The start of a small HTML document (an email, a plain server page), up to its escaped title, in
 * a language (BCP 47, such as "es"; English by default).
 */
export function htmlHead(title: string, lang = 'en'): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>`;
}
