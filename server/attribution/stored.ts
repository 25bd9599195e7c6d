import {
  cleanAttribution,
  type Attribution,
  type AttributionTouch,
} from '../../src/services/attribution/rules.ts';
import type { TouchKind } from '../../src/services/generated/api.ts';
import { channelKey, channelOf } from './channel.ts';
import { isBot } from '../experiments/visitor.ts';

/**
 * Attribution on the server (docs/measurement.md): what a signup's body says brought the visitor,
 * cleaned and bounded again with the browser's own rules (src/services/attribution/rules.ts, never
 * trusting the browser), ignored from bots and lab tools exactly as experiments ignore them,
 * with the channel each touch is counted under in the report by source (channel.ts).
 */
export type { Attribution, AttributionTouch, TouchKind };

/** The attribution as stored with a signup and copied, as it is, to the signup's orders. */
export interface StoredAttribution {
  touches: Attribution;
  /** Each touch's channel as its column holds it (channelKey); null for direct or unknown. */
  firstChannel: string | null;
  lastChannel: string | null;
}

/** The signup's attribution as stored, or undefined: from a bot, or nothing usable in it. */
export function attributionFromSignup(
  body: unknown,
  userAgent: string | undefined,
  now: number,
): StoredAttribution | undefined {
  if (body === undefined || isBot(userAgent)) return undefined;
  const touches = cleanAttribution(body, now);
  return touches && storedAttribution(touches);
}

export function storedAttribution(touches: Attribution): StoredAttribution {
  return {
    touches,
    firstChannel: channelKey(channelOf(touches.first)),
    lastChannel: channelKey(channelOf(touches.last)),
  };
}
