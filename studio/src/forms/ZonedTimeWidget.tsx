import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { fieldAria, hasHelp } from '../../../src/forms/theme/ids.ts';
import {
  browserZone,
  commonZones,
  describeMoment,
  offsetAt,
  splitIso,
  zoneChoices,
  zonedToIso,
  zoneFor,
} from './zonedTime.ts';

/**
 * A schedule's start or end: a date and time as on a wall clock, and the place whose clock it is.
 * The file gets the ISO time with that place's offset on that day (daylight saving included);
 * the line under it says the moment in words and in UTC, so nobody has to work out an offset.
 */
export function ZonedTimeWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  const split = value ? splitIso(value) : undefined;
  const preferred = [browserZone(), ...commonZones.map((entry) => entry.zone)];
  const [chosen, setChosen] = useState(() => (value && zoneFor(value, preferred)) || browserZone());
  // A value whose offset is not the chosen place's on that day (typed in the file, or another
  // variant's) shows under a place it matches.
  const zone =
    split && offsetAt(chosen, split.epochMs) !== split.offset
      ? (zoneFor(value, preferred) ?? chosen)
      : chosen;
  const whenId = `${props.id}__when`;
  const aria = fieldAria(props.id, props.rawErrors, hasHelp(props.uiSchema));
  return (
    <div className="studio-zoned">
      <input
        type="datetime-local"
        id={props.id}
        value={split?.local ?? ''}
        onChange={(event) =>
          props.onChange(event.target.value ? zonedToIso(event.target.value, zone) : undefined)
        }
        {...aria}
        aria-describedby={[aria['aria-describedby'], whenId].filter(Boolean).join(' ')}
      />
      <label className="studio-zoned-zone">
        <span>Time zone</span>
        <select
          id={`${props.id}__zone`}
          value={zone}
          onChange={(event) => {
            setChosen(event.target.value);
            if (split) props.onChange(zonedToIso(split.local, event.target.value));
          }}
        >
          {zoneChoices(zone).map((entry) => (
            <option key={entry.zone} value={entry.zone}>
              {entry.label}
            </option>
          ))}
        </select>
      </label>
      {value !== '' && (
        <button
          type="button"
          className="studio-button studio-button-small"
          onClick={() => props.onChange(undefined)}
          aria-label={`Clear ${props.label.toLowerCase()}`}
        >
          Clear
        </button>
      )}
      <p id={whenId} className="studio-help studio-zoned-when">
        {split
          ? describeMoment(value, zone)
          : value
            ? `The file says “${value}”, which is not a date and time with its zone; pick a date and time to replace it.`
            : 'Not set.'}
      </p>
    </div>
  );
}
