import * as v from 'valibot';

/**
 * An optional search parameter read as the text it is: the router's default parser reads values as
 * JSON, so `?activationCode=123456` arrives as a number. Anything else is left out.
 */
export const searchText = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))),
  undefined,
);
