/* eslint-disable */
/**
 * GENERATED from schemas/home-profile.schema.json by tools/generate-types.ts. Do not edit: change the schema and run
 * `npm run schemas:types`.
 */

/**
 * How the visitor relates to the home.
 */
export type WhichBestDescribesYou = 'resident' | 'caregiver' | 'helper' | 'professional';
/**
 * A name for this Home Scan, such as "Mom's house" or the street address.
 */
export type NameOfThisHomeScan = string;
/**
 * The home's 5-digit US zip code.
 */
export type ZipCode = string;
/**
 * Yes is true, No is false, N/A is an empty string.
 */
export type DoYouOwnTheHome = true | false | '';
/**
 * Number of floors: 1, 2, 3 or 4+.
 */
export type HowManyFloorsDoesTheHomeHave = '1' | '2' | '3' | '4+';

/**
 * The home profile a visitor fills in after paying (step 2 of 2). The same schema drives the form in the browser and the request check on the server.
 */
export interface HomeProfile {
  describeHome: WhichBestDescribesYou;
  streetAddressLine1: NameOfThisHomeScan;
  postalCode: ZipCode;
  ownTheHome?: DoYouOwnTheHome;
  numFloors?: HowManyFloorsDoesTheHomeHave;
}
