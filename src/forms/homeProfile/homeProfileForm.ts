import homeProfileSchema from '../../../schemas/home-profile.schema.json' with { type: 'json' };
import type { HomeProfile } from '../../config/generated/home-profile.ts';
import { isValidZip, type FormsText, englishForms } from '../signup/messages.ts';
import { journeyWords } from '../../i18n/areas/journey.ts';
import { textOf, type Text } from '../../i18n/words.ts';

/*
 * The create-home form (spec §3 "Home profile form", §5) derived from
 * schemas/home-profile.schema.json, the same schema the server validates the request with.
 * rjsf selects hold strings, so ownTheHome's true / false / "" travel through the form as the
 * tokens "yes" / "no" / "na" and are mapped back by toHomeProfile().
 */

export type HomeProfileField = keyof HomeProfile;
export type HomeProfileFormData = Partial<Record<HomeProfileField, string>>;

/** The journey's words in the page's language (the form's labels, options and messages). */
export type JourneyText = Text<typeof journeyWords.en>;
const english: JourneyText = textOf(journeyWords.en);

/** Spec §5 messages of the profile form, by key of the journey's words. */
const messageKeys = {
  describeHome: 'describeHomeMissing',
  streetAddressLine1: 'scanNameMissing',
  postalCode: 'zipMissing',
} as const;

/** Spec §5 messages of the profile form, word for word (English). */
export const homeProfileMessages = {
  describeHome: english(messageKeys.describeHome),
  streetAddressLine1: english(messageKeys.streetAddressLine1),
  postalCode: english(messageKeys.postalCode),
};

/** The options' words by value (the schema's x-enumLabels are these in English). */
const describeHomeKeys = {
  resident: 'describeHomeResident',
  caregiver: 'describeHomeCaregiver',
  helper: 'describeHomeHelper',
  professional: 'describeHomeProfessional',
} as const satisfies Record<HomeProfile['describeHome'], keyof typeof journeyWords.en>;
const ownTheHomeKeys = { yes: 'ownYes', no: 'ownNo', na: 'ownNa' } as const;

const ownTheHomeTokens = ['yes', 'no', 'na'] as const;
const props = homeProfileSchema.properties;

/** Each option's label in the page's language. */
function labelsOf(keys: Readonly<Record<string, keyof typeof journeyWords.en>>, t: JourneyText) {
  return Object.fromEntries(Object.entries(keys).map(([value, key]) => [value, t(key)]));
}

/**
 * The form's schema and uiSchema in the page's language (`t`, English by default). The titles
 * are words only: the validator's key ignores them (schemaId.ts), so every language shares one.
 */
export function homeProfileFormSchemas(t: JourneyText = english) {
  const schema = {
    type: 'object' as const,
    required: [...homeProfileSchema.required],
    properties: {
      describeHome: {
        type: 'string' as const,
        title: t('describeHomeLabel'),
        enum: [...props.describeHome.enum],
      },
      streetAddressLine1: { type: 'string' as const, title: t('scanNameLabel') },
      postalCode: { type: 'string' as const, title: t('zipLabel') },
      ownTheHome: {
        type: 'string' as const,
        title: t('ownLabel'),
        enum: [...ownTheHomeTokens],
      },
      numFloors: {
        type: 'string' as const,
        title: t('floorsLabel'),
        enum: [...props.numFloors.enum],
      },
    },
  };
  const uiSchema = {
    'ui:order': ['describeHome', 'streetAddressLine1', 'postalCode', 'ownTheHome', 'numFloors'],
    'ui:submitButtonOptions': { norender: true },
    describeHome: {
      'ui:widget': 'SelectWidget',
      'ui:placeholder': t('selectOne'),
      'ui:enumNames': labelsOf(describeHomeKeys, t),
    },
    streetAddressLine1: {
      'ui:widget': 'TextWidget',
      'ui:placeholder': t('scanNamePlaceholder'),
      'ui:help': t('scanNameHelp'),
    },
    postalCode: {
      'ui:widget': 'TextWidget',
      'ui:placeholder': t('zipPlaceholder'),
      'ui:inputMode': 'numeric',
      'ui:autocomplete': 'postal-code',
      'ui:pattern': '[0-9]{5}',
    },
    ownTheHome: {
      'ui:widget': 'SelectWidget',
      'ui:placeholder': t('selectOneOptional'),
      'ui:enumNames': labelsOf(ownTheHomeKeys, t),
    },
    numFloors: {
      'ui:widget': 'SelectWidget',
      'ui:placeholder': t('selectOneOptional'),
      // The numbers of floors read the same in every language ("1" to "4+").
      'ui:enumNames': Object.fromEntries(props.numFloors.enum.map((value) => [value, value])),
    },
  };
  return { schema, uiSchema };
}

const trimmed = (value: string | undefined) => (value ?? '').trim();

/** At most one message per field; numFloors and ownTheHome are optional (spec §5). */
export function validateHomeProfile(
  data: HomeProfileFormData,
  t: JourneyText = english,
  forms: FormsText = englishForms,
): Partial<Record<HomeProfileField, string>> {
  const messages: Partial<Record<HomeProfileField, string>> = {};
  if (!(props.describeHome.enum as readonly string[]).includes(trimmed(data.describeHome))) {
    messages.describeHome = t(messageKeys.describeHome);
  }
  if (trimmed(data.streetAddressLine1) === '') {
    messages.streetAddressLine1 = t(messageKeys.streetAddressLine1);
  }
  const zip = trimmed(data.postalCode);
  if (zip === '') messages.postalCode = t(messageKeys.postalCode);
  else if (!isValidZip(zip)) messages.postalCode = forms('invalidZip');
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
