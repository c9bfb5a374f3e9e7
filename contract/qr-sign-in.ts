import * as v from 'valibot';
import type { RateLimit } from './http';

/**
 * Sign-in with a QR code (docs/spec.md §1, §2 and §9; issue 11). The browser on the sign-in page asks
 * for a request and shows `{origin}/qrcode-login/{id}` as a QR code; a person signed in on another
 * device opens it, sees where the request comes from, and approves or declines. Only the browser
 * that asked (it holds a key in an HttpOnly cookie) can turn the approved request into a session.
 * Number matching (issue 22): the waiting browser shows a two-digit number, and the approver picks
 * it among three; a wrong pick declines the request, since it may be an attacker's code.
 * docs/decisions/0020-qr-sign-in.md.
 */

export const QrSignInMessage = {
  notFound: 'This sign-in request does not exist. Scan the QR code again.',
  expired: 'This sign-in request has expired. Scan the new QR code on the other device.',
  answered: 'This sign-in request has already been answered.',
  notApproved: 'This sign-in request has not been approved.',
  declined: 'This sign-in request was declined.',
  numberMismatch: 'That is not the number shown on the other device. The sign-in was refused; start again there.',
  numberRequired: 'Pick the number that the other device shows.',
} as const;

export const qrSignInLimits = {
  /**
   * A sign-in page left open asks again every validity period (30 an hour at two minutes), and an
   * office or a school signs in from one address: generous, yet a bound on rows one address can add.
   */
  requestsPerAddress: { name: 'qr-sign-in:address', limit: 300, windowSeconds: 3600, per: 'client address' },
  /** Approvals and declines per account: a person answers a few; a script trying ids would answer many. */
  answersPerAccount: { name: 'qr-sign-in-answer:account', limit: 20, windowSeconds: 15 * 60, per: 'account' },
} as const satisfies Record<string, RateLimit>;

export const QrSignInId = v.pipe(v.string(), v.uuid(QrSignInMessage.notFound));

/** POST /api/auth/qr. */
export const CreateQrSignInRequest = v.object({
  /** The request this browser showed until now: it can no longer be approved. */
  replaces: v.optional(QrSignInId),
});
export type CreateQrSignInRequest = v.InferOutput<typeof CreateQrSignInRequest>;

/** The number the waiting browser shows and the approver picks: two digits, 10 to 99. */
const QrMatchNumber = v.pipe(
  v.number(QrSignInMessage.numberRequired),
  v.integer(QrSignInMessage.numberRequired),
  v.minValue(10, QrSignInMessage.numberRequired),
  v.maxValue(99, QrSignInMessage.numberRequired),
);

export const QrSignInCreated = v.object({
  id: v.string(),
  /** Shown next to the QR code, never in its link: only the waiting browser learns it. */
  matchNumber: QrMatchNumber,
});
export type QrSignInCreated = v.InferOutput<typeof QrSignInCreated>;

export const QrSignInState = v.picklist(['waiting', 'approved', 'declined', 'expired']);
export type QrSignInState = v.InferOutput<typeof QrSignInState>;

/** GET /api/auth/qr/{id}/status?wait=seconds: at most this long. */
export const maxStatusWaitSeconds = 25;
export const QrSignInStatusQuery = v.object({
  wait: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,2}$/), v.transform(Number), v.maxValue(maxStatusWaitSeconds)),
    '0',
  ),
});
export const QrSignInStatus = v.object({ state: QrSignInState });
export type QrSignInStatus = v.InferOutput<typeof QrSignInStatus>;

/** GET /api/auth/qr/{id}: where the request comes from, for the person who approves it. */
export const QrSignInDetails = v.object({
  id: v.string(),
  /** The browser's name (Firefox, Chrome…), null when its user agent does not say. */
  browser: v.nullable(v.string()),
  /** The operating system's name (Windows, Android…), null when unknown. */
  system: v.nullable(v.string()),
  /** The requesting client's network, coarsely: its /24 (IPv4) or /48 (IPv6). */
  network: v.nullable(v.string()),
  /** ISO time of the request. */
  requestedAt: v.string(),
  /** Three distinct numbers in a fixed order, one of them the waiting browser's; which one is not said. */
  numberChoices: v.array(QrMatchNumber),
});
export type QrSignInDetails = v.InferOutput<typeof QrSignInDetails>;

/** POST /api/auth/qr/{id}/approve: the number the approver picked. */
export const ApproveQrSignInRequest = v.object({ number: QrMatchNumber }, QrSignInMessage.numberRequired);
export type ApproveQrSignInRequest = v.InferOutput<typeof ApproveQrSignInRequest>;

/** The answer of approve and decline. */
export const QrSignInAnswered = v.object({ success: v.literal(true) });
export type QrSignInAnswered = v.InferOutput<typeof QrSignInAnswered>;
