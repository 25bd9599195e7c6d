import type {
  LanguageReport,
  LanguageRow,
  Money,
  SourceConversion,
} from '../../src/services/generated/api.ts';
import { formatRevenue } from '../../src/config/money.ts';
import { defaultLanguage, languageNames } from '../../src/i18n/languages.ts';
import { isLanguage } from '../services/languages.ts';
import type { LanguageCounts } from '../storage/repository.ts';
import { anytimeRate } from './sequential.ts';
import { wilsonInterval } from './stats.ts';

/**
 * The report by language (GET /api/report's `languages`, `npm run report`): per partner and per
 * language of the pages the visitor signed up on, the signups, how many of them paid or claimed,
 * the completed orders and their revenue, and the share that paid or claimed with its fixed and
 * anytime-valid 95% intervals, as the report by source has them. Counts only.
 */
export type { LanguageReport, LanguageRow };

function conversion(converted: number, signups: number): SourceConversion {
  return {
    rate: signups > 0 ? converted / signups : null,
    interval: wilsonInterval(converted, signups) ?? null,
    anytime: anytimeRate({ successes: converted, trials: signups }) ?? null,
  };
}

export function buildLanguageReport(counts: readonly LanguageCounts[]): LanguageReport {
  const rows = counts.map((row): LanguageRow => ({
    partnerId: row.partnerId,
    language: row.language,
    signups: row.signups,
    converted: row.converted,
    orders: row.orders,
    revenue: [...row.revenue].sort((a: Money, b: Money) => a.currency.localeCompare(b.currency)),
    conversion: conversion(row.converted, row.signups),
  }));
  const rank = (language: string) => (language === defaultLanguage ? '' : language);
  rows.sort(
    (a, b) =>
      a.partnerId.localeCompare(b.partnerId) || rank(a.language).localeCompare(rank(b.language)),
  );
  return { rows };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const range = ({ low, high }: { low: number; high: number }) =>
  `${(low * 100).toFixed(1)}–${percent(high)}`;

const nameOf = (language: string) =>
  isLanguage(language) ? `${languageNames[language]} (${language})` : language;

/** The report by language as text for an 80-column terminal, laid out as the one by source. */
export function formatLanguageReport(report: LanguageReport): string {
  if (report.rows.length === 0) return 'By language: no signup yet.';
  const lines = ['By language (of the pages signed up on; an order counts in its own)'];
  let partner: string | undefined;
  for (const row of report.rows) {
    if (row.partnerId !== partner) {
      partner = row.partnerId;
      lines.push(
        '',
        `  ${`${partner}: language`.padEnd(40)} ${'signups'.padStart(7)} ${'paid'.padStart(6)} ${'revenue'.padStart(11)}`,
      );
    }
    lines.push(
      `  ${nameOf(row.language).padEnd(40)} ${String(row.signups).padStart(7)} ${String(row.orders).padStart(6)} ${formatRevenue(row.revenue).padStart(11)}`,
    );
    const { rate, interval, anytime } = row.conversion;
    if (rate !== null && interval && anytime) {
      lines.push(
        `    ${row.converted}/${row.signups} converted: ${percent(rate)} (95% ${range(interval)}, anytime ${range(anytime)})`,
      );
    }
  }
  return lines.join('\n');
}
