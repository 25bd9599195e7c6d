import type {
  Money,
  SourceConversion,
  SourceReport,
  SourceRow,
  TouchKind,
} from '../../src/services/generated/api.ts';
import { formatRevenue } from '../../src/config/money.ts';
import { channelFromKey, type Channel } from '../attribution/channel.ts';
import type { SourceCounts } from '../storage/repository.ts';
import { anytimeRate } from './sequential.ts';
import { wilsonInterval } from './stats.ts';

/**
 * The report by source (GET /api/report's `sources`, `npm run report`; docs/measurement.md): per
 * partner and per source / medium / campaign of the touch chosen, the signups, how many of them
 * paid or claimed, the completed orders and their revenue, and the share that paid or claimed
 * with its fixed (Wilson) and anytime-valid 95% intervals. Counts only: no personal data.
 */
export type { SourceReport, SourceRow };

export const DIRECT_OR_UNKNOWN = 'Direct or unknown';
const NOT_SET = '(none)';

export function channelLabel({ source, medium, campaign }: Channel): string {
  if (source === null && medium === null && campaign === null) return DIRECT_OR_UNKNOWN;
  return [source, medium, campaign].map((part) => part ?? NOT_SET).join(' / ');
}

function conversion(converted: number, signups: number): SourceConversion {
  return {
    rate: signups > 0 ? converted / signups : null,
    interval: wilsonInterval(converted, signups) ?? null,
    anytime: anytimeRate({ successes: converted, trials: signups }) ?? null,
  };
}

export function buildSourceReport(counts: readonly SourceCounts[], touch: TouchKind): SourceReport {
  const byKey = new Map(counts.map((row) => [JSON.stringify([row.partnerId, row.channel]), row]));
  // Every partner listed has its "Direct or unknown" row, with zeros when nothing falls in it.
  for (const partnerId of new Set(counts.map((row) => row.partnerId))) {
    const key = JSON.stringify([partnerId, null]);
    if (!byKey.has(key))
      byKey.set(key, {
        partnerId,
        channel: null,
        signups: 0,
        converted: 0,
        orders: 0,
        revenue: [],
      });
  }
  const rows = [...byKey.values()].map((row): SourceRow => {
    const channel = channelFromKey(row.channel);
    const revenue: Money[] = [...row.revenue].sort((a, b) => a.currency.localeCompare(b.currency));
    return {
      partnerId: row.partnerId,
      ...channel,
      label: channelLabel(channel),
      signups: row.signups,
      converted: row.converted,
      orders: row.orders,
      revenue,
      conversion: conversion(row.converted, row.signups),
    };
  });
  rows.sort(
    (a, b) =>
      a.partnerId.localeCompare(b.partnerId) ||
      b.signups - a.signups ||
      b.orders - a.orders ||
      a.label.localeCompare(b.label),
  );
  return { touch, rows };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const range = ({ low, high }: { low: number; high: number }) =>
  `${(low * 100).toFixed(1)}–${percent(high)}`;

/** Cuts a cell to `width` characters with an ellipsis, so no row runs past 80 columns. */
const fit = (text: string, width: number) =>
  text.length <= width ? text.padEnd(width) : `${text.slice(0, width - 1)}…`;

const LABEL_WIDTH = 40;

/**
 * The report by source as text for an 80-column terminal: per partner, a line per source with its
 * counts, and under it the share that paid or claimed with both intervals.
 */
export function formatSourceReport(report: SourceReport): string {
  const touch =
    report.touch === 'last'
      ? 'last touch: the latest visit from a campaign or another site'
      : 'first touch: the first visit we know of';
  if (report.rows.length === 0) return `By source (${touch}): no signup yet.`;
  const lines = [`By source (${touch})`];
  const head = (partnerId: string) =>
    `  ${fit(`${partnerId}: source / medium / campaign`, LABEL_WIDTH)} ${'signups'.padStart(7)} ${'paid'.padStart(6)} ${'revenue'.padStart(11)}`;
  let partner: string | undefined;
  for (const row of report.rows) {
    if (row.partnerId !== partner) {
      partner = row.partnerId;
      lines.push('', head(partner));
    }
    lines.push(
      `  ${fit(row.label, LABEL_WIDTH)} ${String(row.signups).padStart(7)} ${String(row.orders).padStart(6)} ${formatRevenue(row.revenue).padStart(11)}`,
    );
    const { rate, interval, anytime } = row.conversion;
    if (rate !== null && interval && anytime) {
      lines.push(
        `    ${row.converted}/${row.signups} converted: ${percent(rate)} (95% ${range(interval)}, anytime ${range(anytime)})`,
      );
    }
  }
  lines.push(
    '',
    '"paid": paid or claimed orders. "converted": the signups that went on to one,',
    'with the 95% interval of that share and the anytime one (right however often',
    'you look). --touch first (or &touch=first) credits the first visit instead.',
  );
  return lines.join('\n');
}
