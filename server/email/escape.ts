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
