import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';

/**
 * libphonenumber with its metadata of every region (some 25 KB brotli): the phone pages load it
 * beside their first render, not before it (see phone-verification.screen.tsx).
 */

/** A country of the chooser: its region code, its name in the reader's language and, once known, its calling code. */
export type RegionOption = { region: string; name: string; callingCode?: string };

const knownRegions = new Set<string>(getCountries());

/** Every region libphonenumber knows, named in `locale` and sorted by name. */
export function regionOptionsFor(locale: string): RegionOption[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  return getCountries()
    .map((region) => ({
      region,
      name: names.of(region) ?? region,
      callingCode: getCountryCallingCode(region),
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * What the person typed (national, or international with +) in the chosen region, as E.164, or
 * null when it is not a valid number there. The server checks again with full metadata.
 */
export function e164Of(number: string, region: string): string | null {
  const parsed = parsePhoneNumberFromString(number, knownRegions.has(region) ? (region as CountryCode) : undefined);
  return parsed?.isValid() ? parsed.number : null;
}

/** An E.164 number as people write it internationally (`+1 201 555 0123`). */
export function formattedPhone(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}
