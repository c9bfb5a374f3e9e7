import { msg } from '@lingui/core/macro';

export const challengeExpired = msg`This sign-in took too long. Please sign in again.`;

export const challengeUnavailable = msg`We could not check your code right now. Please try again.`;

/** A passkey the server did not recognise (one of another account, or removed meanwhile). */
export const passkeyNotRecognised = msg`This passkey was not recognised. Try another, or enter a code instead.`;

/** The browser's dialog or the portal failed while a passkey was used. */
export const passkeyUnavailable = msg`We could not use a passkey right now. Try again, or enter a code instead.`;
