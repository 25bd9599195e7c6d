import type { AttributionTouch } from '../../src/services/attribution/rules.ts';

/**
 * The channel (source, medium, campaign) a touch is counted under in the report by source
 * (server/report/sourceReport.ts), and its key as the signups' and orders' columns hold it. Pure.
 */
/** A touch's channel: all null for a direct visit (or one we know nothing of). */
export interface Channel {
  source: string | null;
  medium: string | null;
  campaign: string | null;
}

/** Search engines by host, as a search visit's source ("www.google.co.uk" is google / organic). */
const searchEngine =
  /^(?:www\.)?(google|bing|duckduckgo|ecosia|baidu|yandex|qwant|startpage)\.[a-z]{2,3}(?:\.[a-z]{2})?$/;
const searchHosts: Record<string, string> = {
  'search.yahoo.com': 'yahoo',
  'search.brave.com': 'brave',
};

/** The network of a click id, for a visit tagged by the network alone (auto-tagging). */
function clickChannel(touch: AttributionTouch): Pick<Channel, 'source' | 'medium'> | undefined {
  if (touch.gclid ?? touch.gbraid ?? touch.wbraid) return { source: 'google', medium: 'cpc' };
  if (touch.msclkid) return { source: 'bing', medium: 'cpc' };
  if (touch.fbclid) return { source: 'facebook', medium: 'social' };
  return undefined;
}

function referrerChannel(host: string): Pick<Channel, 'source' | 'medium'> {
  const engine = searchEngine.exec(host)?.[1] ?? searchHosts[host];
  if (engine) return { source: engine, medium: 'organic' };
  return { source: host.replace(/^(?:www|m)\./, ''), medium: 'referral' };
}

/**
 * The channel a touch is counted under: its utm_source and utm_medium when it has a source (the
 * partner's own tagging wins, and is never mixed with a guess), else the click id's network, else
 * the referring site; source and medium in lower case, so "Newsletter" and "newsletter" are one
 * row. The campaign is utm_campaign as written.
 */
export function channelOf(touch: AttributionTouch | undefined): Channel {
  if (!touch) return { source: null, medium: null, campaign: null };
  const campaign = touch.utm_campaign ?? null;
  const lower = (value: string | undefined) => value?.toLowerCase() ?? null;
  if (touch.utm_source)
    return { source: lower(touch.utm_source), medium: lower(touch.utm_medium), campaign };
  const guessed =
    clickChannel(touch) ?? (touch.referrerHost ? referrerChannel(touch.referrerHost) : undefined);
  return {
    source: guessed?.source ?? null,
    medium: lower(touch.utm_medium) ?? guessed?.medium ?? null,
    campaign,
  };
}

/** The channel as its column holds it: a JSON array, or null for direct or unknown. */
export function channelKey(channel: Channel): string | null {
  const { source, medium, campaign } = channel;
  return source === null && medium === null && campaign === null
    ? null
    : JSON.stringify([source, medium, campaign]);
}

export function channelFromKey(key: string | null): Channel {
  if (key === null) return { source: null, medium: null, campaign: null };
  const parsed: unknown = JSON.parse(key);
  const part = (index: number) => {
    const value: unknown = Array.isArray(parsed) ? parsed[index] : null;
    return typeof value === 'string' ? value : null;
  };
  return { source: part(0), medium: part(1), campaign: part(2) };
}
