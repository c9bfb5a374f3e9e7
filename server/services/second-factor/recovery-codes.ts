import { createHash, randomBytes } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed by hand is not misread. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new recovery code: 128 random bits as 26 characters (the first holds the top 3 bits), shown in
 * groups of five (the last of six) to be copied by hand. contract/second-factor.ts reads it back.
 */
export function newRecoveryCode(): string {
  let value = BigInt(`0x${randomBytes(16).toString('hex')}`);
  let text = '';
  for (let index = 0; index < 26; index++) {
    text = alphabet[Number(value & 31n)] + text;
    value >>= 5n;
  }
  return [text.slice(0, 5), text.slice(5, 10), text.slice(10, 15), text.slice(15, 20), text.slice(20)].join('-');
}

/**
 * What is stored of a code: its SHA-256. A code holds 128 random bits, so a fast hash is enough: nobody
 * can search a space that size, and a slow one would make every sign-in with a code cost a hash per code.
 */
export const recoveryCodeHash = (normalizedCode: string) =>
  createHash('sha256').update(normalizedCode.replace(/-/g, '')).digest('hex');
