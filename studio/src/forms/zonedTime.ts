/**
 * Schedules are written as ISO times with their offset ("2026-12-01T09:00:00-05:00"). People think
 * in a wall-clock time in a place, and the offset of a place changes with daylight saving: these
 * helpers turn "9:00 on 1 December, New York" into the right offset for that very day, and back.
 */

/** Places the partners' visitors live in, then UTC. The browser's own zone is added when missing. */
export const commonZones: { zone: string; label: string }[] = [
  { zone: 'America/New_York', label: 'US Eastern (New York)' },
  { zone: 'America/Chicago', label: 'US Central (Chicago)' },
  { zone: 'America/Denver', label: 'US Mountain (Denver)' },
  { zone: 'America/Phoenix', label: 'Arizona (Phoenix, no daylight saving)' },
  { zone: 'America/Los_Angeles', label: 'US Pacific (Los Angeles)' },
  { zone: 'America/Anchorage', label: 'Alaska (Anchorage)' },
  { zone: 'Pacific/Honolulu', label: 'Hawaii (Honolulu)' },
  { zone: 'UTC', label: 'UTC' },
];

/** A zone written as a fixed offset ("fixed:-04:00"): a file's time that no listed place matches. */
const fixedPrefix = 'fixed:';

export const fixedZone = (offsetMinutes: number) => `${fixedPrefix}${formatOffset(offsetMinutes)}`;

/** "+05:30", "-04:00", "+00:00". */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The zone's offset from UTC, in minutes, at that moment (daylight saving included). */
export function offsetAt(zone: string, epochMs: number): number {
  if (zone.startsWith(fixedPrefix)) return parseOffset(zone.slice(fixedPrefix.length)) ?? 0;
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(epochMs))
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  return parseOffset(name.replace(/^GMT/, '')) ?? 0;
}

/** "Z", "+05:30", "-0400" or "" (GMT itself) to minutes. */
function parseOffset(text: string): number | undefined {
  if (text === '' || text === 'Z') return 0;
  const parts = /^([+-])(\d{2}):?(\d{2})?$/.exec(text);
  if (!parts) return undefined;
  return (parts[1] === '-' ? -1 : 1) * (Number(parts[2]) * 60 + Number(parts[3] ?? 0));
}

/**
 * A wall-clock time ("2026-12-01T09:00", as a datetime-local input gives it) in a zone, as the ISO
 * time the file wants. UTC is written with "Z".
 */
export function zonedToIso(local: string, zone: string): string {
  const wall = Date.parse(`${local.slice(0, 16)}:00Z`);
  // The offset at the wall time read as UTC is off by the offset itself near a change of daylight
  // saving; asking again at the corrected moment settles it.
  const first = offsetAt(zone, wall);
  const offset = offsetAt(zone, wall - first * 60_000);
  const suffix = zone === 'UTC' ? 'Z' : formatOffset(offset);
  return `${local.slice(0, 16)}:00${suffix}`;
}

/** An ISO time from the file as its wall-clock part and offset, or undefined when it is not one. */
export function splitIso(
  iso: string,
): { local: string; offset: number; epochMs: number } | undefined {
  const parts =
    /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::\d{2}(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.exec(iso);
  const offset = parts?.[2] === undefined ? undefined : parseOffset(parts[2]);
  const epochMs = Date.parse(iso);
  if (!parts?.[1] || offset === undefined || Number.isNaN(epochMs)) return undefined;
  return { local: parts[1], offset, epochMs };
}

/** The first of the preferred zones whose offset at that moment is the one written, else a fixed one. */
export function zoneFor(iso: string, preferred: readonly string[]): string | undefined {
  const split = splitIso(iso);
  if (!split) return undefined;
  if (split.offset === 0 && iso.endsWith('Z')) return 'UTC';
  return (
    preferred.find((zone) => offsetAt(zone, split.epochMs) === split.offset) ??
    fixedZone(split.offset)
  );
}

/** The browser's zone ("Europe/Paris"), or UTC when it names none. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The zones to offer: the common ones, the browser's own, and the file's fixed one if any. */
export function zoneChoices(current: string | undefined): { zone: string; label: string }[] {
  const local = browserZone();
  const choices = commonZones.some((entry) => entry.zone === local)
    ? [...commonZones]
    : [{ zone: local, label: `${local.replace(/_/g, ' ')} (this computer)` }, ...commonZones];
  if (current?.startsWith(fixedPrefix)) {
    choices.push({
      zone: current,
      label: `UTC${current.slice(fixedPrefix.length)} (as written in the file)`,
    });
  }
  return choices;
}

/** "Dec 1, 2026, 9:00 AM in US Eastern (New York), 2:00 PM UTC" for the readout under the field. */
export function describeMoment(iso: string, zone: string): string {
  const epochMs = Date.parse(iso);
  if (Number.isNaN(epochMs)) return '';
  const at = (timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(epochMs),
    );
  const label = zoneChoices(zone).find((entry) => entry.zone === zone)?.label ?? zone;
  if (zone === 'UTC' || zone.startsWith(fixedPrefix)) return `${at('UTC')} UTC`;
  return `${at(zone)} in ${label}, which is ${at('UTC')} UTC`;
}

/** A moment as the person reads it ("Nov 26, 2026, 5:45 AM"), in the browser's zone. */
export const momentInWords = (iso: string | number): string =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
