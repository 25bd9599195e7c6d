import { isJsonObject } from '../schema/json.ts';
import type { Json, JsonObject } from '../schema/schema.ts';
import { changedPointers, overlaps, sameJson, valueAt, withValueAt } from './pointers.ts';

/**
 * A three-way merge by JSON pointer: the version the draft started from (`base`), the draft
 * (`mine`) and the file as someone else saved it (`theirs`). Their change to a place I left alone
 * comes into the draft; a place we both changed differently is a conflict, left as mine until the
 * person chooses.
 */
export interface Merged {
  /** The draft with their changes that touch nothing of mine. */
  data: JsonObject;
  /** The places both changed, differently. */
  conflicts: string[];
}

/** A change below the top keeps the document an object (the fallback is never reached). */
const objectOr = (value: Json, fallback: JsonObject) => (isJsonObject(value) ? value : fallback);

export function threeWayMerge(base: JsonObject, mine: JsonObject, theirs: JsonObject): Merged {
  const myPlaces = changedPointers(base, mine);
  let data = mine;
  const conflicts: string[] = [];
  for (const place of changedPointers(base, theirs)) {
    const clash = myPlaces.some(
      (my) => overlaps(my, place) && !sameJson(valueAt(mine, place), valueAt(theirs, place)),
    );
    if (clash) conflicts.push(place);
    else data = objectOr(withValueAt(data, place, valueAt(theirs, place)), data);
  }
  return { data, conflicts };
}

/** The merge's draft with their version taken at every conflict too. */
export function takeTheirs(merged: Merged, theirs: JsonObject): JsonObject {
  return merged.conflicts.reduce(
    (data, place) => objectOr(withValueAt(data, place, valueAt(theirs, place)), data),
    merged.data,
  );
}
