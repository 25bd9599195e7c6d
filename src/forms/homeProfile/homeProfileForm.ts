import homeProfileSchema from '../../../schemas/home-profile.schema.json' with { type: 'json' };
import type { HomeProfile } from '../../config/generated/home-profile.ts';
import { isValidZip, INVALID_ZIP_MESSAGE } from '../signup/messages.ts';

/*
 * The create-home form (spec §3 "Home profile form", §5) derived from
 * schemas/home-profile.schema.json, the same schema the server validates the request with.
 * rjsf selects hold strings, so ownTheHome's true / false / "" travel through the form as the
 * tokens "yes" / "no" / "na" and are mapped back by toHomeProfile().
 */

export type HomeProfileField = keyof HomeProfile;
export type HomeProfileFormData = Partial<Record<HomeProfileField, string>>;

/** Spec §5 messages of the profile form, word for word. */
export const homeProfileMessages = {
  describeHome: 'Please select one of the options.',
  streetAddressLine1: 'Please enter a name for this Home Scan.',
  postalCode: 'Please enter a zip code.',
} as const;

const ownTheHomeTokens = ['yes', 'no', 'na'] as const;
const props = homeProfileSchema.properties;

function labelsOf(
  property: { enum: readonly unknown[]; 'x-enumLabels'?: readonly string[] },
  keys: readonly string[],
) {
  return Object.fromEntries(
    keys.map((key, index) => [key, property['x-enumLabels']?.[index] ?? key]),
  );
}

export function homeProfileFormSchemas() {
  const schema = {
    type: 'object' as const,
    required: [...homeProfileSchema.required],
    properties: {
      describeHome: {
        type: 'string' as const,
        title: props.describeHome.title,
        enum: [...props.describeHome.enum],
      },
      streetAddressLine1: { type: 'string' as const, title: props.streetAddressLine1.title },
      postalCode: { type: 'string' as const, title: props.postalCode.title },
      ownTheHome: {
        type: 'string' as const,
        title: props.ownTheHome.title,
        enum: [...ownTheHomeTokens],
      },
      numFloors: {
        type: 'string' as const,
        title: props.numFloors.title,
        enum: [...props.numFloors.enum],
      },
    },
  };
  const uiSchema = {
    'ui:order': ['describeHome', 'streetAddressLine1', 'postalCode', 'ownTheHome', 'numFloors'],
    'ui:submitButtonOptions': { norender: true },
    describeHome: {
      'ui:widget': 'SelectWidget',
      'ui:placeholder': 'Select one',
      'ui:enumNames': labelsOf(props.describeHome, props.describeHome.enum),
    },
    streetAddressLine1: {
      'ui:widget': 'TextWidget',
      'ui:placeholder': "For example, Mom's house",
      'ui:help': props.streetAddressLine1.description,
    },
    postalCode: {
      'ui:widget': 'TextWidget',
      'ui:placeholder': '5-digit zip code',
      'ui:inputMode': 'numeric',
      'ui:autocomplete': 'postal-code',
      'ui:pattern': '[0-9]{5}',
    },
    ownTheHome: {
      'ui:widget': 'SelectWidget',
      'ui:placeholder': 'Select one (optional)',
      'ui:enumNames': labelsOf(props.ownTheHome, ownTheHomeTokens),
    },
    numFloors: {
      'ui:widget': 'SelectWidget',
      'ui:placeholder': 'Select one (optional)',
      'ui:enumNames': labelsOf(props.numFloors, props.numFloors.enum),
    },
  };
  return { schema, uiSchema };
}

const trimmed = (value: string | undefined) => (value ?? '').trim();

/** At most one message per field; numFloors and ownTheHome are optional (spec §5). */
export function validateHomeProfile(
  data: HomeProfileFormData,
): Partial<Record<HomeProfileField, string>> {
  const messages: Partial<Record<HomeProfileField, string>> = {};
  if (!(props.describeHome.enum as readonly string[]).includes(trimmed(data.describeHome))) {
    messages.describeHome = homeProfileMessages.describeHome;
  }
  if (trimmed(data.streetAddressLine1) === '') {
    messages.streetAddressLine1 = homeProfileMessages.streetAddressLine1;
  }
  const zip = trimmed(data.postalCode);
  if (zip === '') messages.postalCode = homeProfileMessages.postalCode;
  else if (!isValidZip(zip)) messages.postalCode = INVALID_ZIP_MESSAGE;
  return messages;
}

/** The request's profile fields: trimmed, ownTheHome as true / false / "", optional ones left out. */
export function toHomeProfile(data: HomeProfileFormData): HomeProfile {
  const profile: HomeProfile = {
    describeHome: trimmed(data.describeHome) as HomeProfile['describeHome'],
    streetAddressLine1: trimmed(data.streetAddressLine1),
    postalCode: trimmed(data.postalCode),
  };
  const own = { yes: true, no: false, na: '' } as const;
  const ownToken = trimmed(data.ownTheHome);
  if (ownToken in own) profile.ownTheHome = own[ownToken as keyof typeof own];
  const floors = trimmed(data.numFloors);
  if ((props.numFloors.enum as readonly string[]).includes(floors)) {
    profile.numFloors = floors as HomeProfile['numFloors'];
  }
  return profile;
}

/**
 * What the signup told us pre-fills the form: describeHome (already mapped to the profile's
 * values, see describeHomeMapping.ts) only when it is one of the options, the zip code only when
 * it is a valid one.
 */
export function initialHomeProfile(saved: {
  describeHome?: string | undefined;
  postalCode?: string | undefined;
}): HomeProfileFormData {
  const initial: HomeProfileFormData = {};
  const { describeHome, postalCode } = saved;
  if (describeHome && (props.describeHome.enum as readonly string[]).includes(describeHome)) {
    initial.describeHome = describeHome;
  }
  const zip = trimmed(postalCode);
  if (isValidZip(zip)) initial.postalCode = zip;
  return initial;
}
