import { SessionResponse } from '../auth';
import { ErrorCode } from '../errors';
import { declareCall } from '../http';
import {
  ApproveQrSignInRequest,
  CreateQrSignInRequest,
  QrSignInAnswered,
  QrSignInCreated,
  QrSignInDetails,
  QrSignInStatus,
  QrSignInStatusQuery,
  qrSignInLimits,
} from '../qr-sign-in';

export const createQrSignIn = declareCall({
  method: 'POST',
  path: '/api/auth/qr',
  summary: 'Ask for a QR sign-in request, to show as a QR code',
  description:
    "The answer sets an HttpOnly cookie with the browser's key (kept when it already holds one): only this browser can follow the request and turn it into a session. Show `{origin}/qrcode-login/{id}` as the QR code and `matchNumber` beside it, never in it.",
  tag: 'Sign-in with a QR code',
  access: 'visitor',
  body: CreateQrSignInRequest,
  answers: { 201: QrSignInCreated },
  refusals: [ErrorCode.rateLimited],
  rateLimits: [qrSignInLimits.requestsPerAddress],
});

export const getQrSignInStatus = declareCall({
  method: 'GET',
  path: '/api/auth/qr/{id}/status',
  summary: "The state of the browser's QR sign-in request, held until it changes",
  description:
    'A long poll: with `wait` (seconds, at most 25) the answer waits until the request is no longer `waiting`, or the time is up. Ask again while it is `waiting`.',
  tag: 'Sign-in with a QR code',
  access: 'waitingBrowser',
  query: QrSignInStatusQuery,
  answers: { 200: QrSignInStatus },
  refusals: [ErrorCode.notFound],
});

export const redeemQrSignIn = declareCall({
  method: 'POST',
  path: '/api/auth/qr/{id}/session',
  summary: "Turn the approved QR sign-in request into this browser's session",
  description: 'Within a minute of the approval, once.',
  tag: 'Sign-in with a QR code',
  access: 'waitingBrowser',
  answers: { 200: SessionResponse },
  refusals: [ErrorCode.notFound, ErrorCode.forbidden, ErrorCode.codeExpired, ErrorCode.codeUsed],
});

export const getQrSignInRequest = declareCall({
  method: 'GET',
  path: '/api/auth/qr/{id}',
  summary: 'Where a QR sign-in request comes from, for the person who approves it',
  tag: 'Sign-in with a QR code',
  access: 'session',
  answers: { 200: QrSignInDetails },
  refusals: [ErrorCode.notFound, ErrorCode.codeExpired, ErrorCode.codeUsed],
});

export const approveQrSignIn = declareCall({
  method: 'POST',
  path: '/api/auth/qr/{id}/approve',
  summary: 'Approve a QR sign-in request with the number the waiting browser shows',
  description: 'A number the waiting browser does not show declines the request at once.',
  tag: 'Sign-in with a QR code',
  access: 'session',
  body: ApproveQrSignInRequest,
  answers: { 200: QrSignInAnswered },
  refusals: [
    ErrorCode.notFound,
    ErrorCode.codeExpired,
    ErrorCode.codeUsed,
    ErrorCode.numberMismatch,
    ErrorCode.rateLimited,
  ],
  rateLimits: [qrSignInLimits.answersPerAccount],
});

export const declineQrSignIn = declareCall({
  method: 'POST',
  path: '/api/auth/qr/{id}/decline',
  summary: 'Decline a QR sign-in request',
  tag: 'Sign-in with a QR code',
  access: 'session',
  answers: { 200: QrSignInAnswered },
  refusals: [ErrorCode.notFound, ErrorCode.codeExpired, ErrorCode.codeUsed, ErrorCode.rateLimited],
  rateLimits: [qrSignInLimits.answersPerAccount],
});
