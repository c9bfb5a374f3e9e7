import {
  BillingEvent,
  BillingEventReceipt,
  BillingOverview,
  BillingQuery,
  billingEventToleranceSeconds,
  billingSignatureHeaders,
  Invoice,
} from '../billing';
import { ErrorCode } from '../errors';
import { declareCall } from '../http';
import {
  CouponList,
  CouponListQuery,
  CouponRedemption,
  couponLimits,
  Pricing,
  RedeemCouponRequest,
} from '../subscriptions';

export const getBillingOverview = declareCall({
  method: 'GET',
  path: '/api/billing',
  summary: "A subscription's billing page: plan, next charge, coupons in effect and invoices",
  tag: 'Billing',
  access: 'owner',
  query: BillingQuery,
  answers: { 200: BillingOverview },
  refusals: [ErrorCode.notFound, ErrorCode.forbidden],
});

export const getInvoice = declareCall({
  method: 'GET',
  path: '/api/billing/invoices/{number}',
  summary: 'One invoice with its lines, for the printable page',
  description:
    'Only the person whose billing account the invoice is on sees it; for anyone else, and for a number that is not a positive whole number, it is `not_found`.',
  tag: 'Billing',
  access: 'session',
  answers: { 200: Invoice },
  refusals: [ErrorCode.notFound],
});

export const getPricing = declareCall({
  method: 'GET',
  path: '/api/pricing',
  summary: "Every plan's price per period, in major units",
  description:
    'Plan code to price; `<plan>.blackfriday24` where the plan has a Black Friday price. The same for everyone: answered with `Cache-Control: public, max-age=300`.',
  tag: 'Billing',
  access: 'visitor',
  answers: { 200: Pricing },
});

export const listSubscriptionCoupons = declareCall({
  method: 'GET',
  path: '/api/recurly/coupon',
  summary: 'The public coupons the owner could redeem on a subscription now',
  tag: 'Billing',
  access: 'owner',
  query: CouponListQuery,
  answers: { 200: CouponList },
  refusals: [ErrorCode.notFound, ErrorCode.forbidden],
});

export const redeemSubscriptionCoupon = declareCall({
  method: 'POST',
  path: '/api/recurly/redemption',
  summary: 'Redeem a coupon code on a subscription',
  description:
    "`accountId` is the owner's own billing account code. Every try counts against the account's limit, whether the code exists or not.",
  tag: 'Billing',
  access: 'owner',
  body: RedeemCouponRequest,
  answers: { 201: CouponRedemption },
  refusals: [ErrorCode.notFound, ErrorCode.forbidden, ErrorCode.couponRefused, ErrorCode.rateLimited],
  rateLimits: [couponLimits.redemptionsPerAccount],
});

const { timestamp: timestampHeader, signature: signatureHeader } = billingSignatureHeaders;

export const receiveBillingEvent = declareCall({
  method: 'POST',
  path: '/api/billing/events',
  summary: "The order site's signed events: a purchase, a renewal, an expiry, a payment method",
  description: `Sent by the order site, server to server, signed with the secret it shares with the portal (\`BILLING_WEBHOOK_SECRET\`).

**Headers**

- \`Content-Type: application/json\`
- \`${timestampHeader}\`: the time of signing, in whole seconds since the Unix epoch.
- \`${signatureHeader}\`: \`v1=\` followed by the lowercase hex HMAC-SHA256, keyed with the shared secret, of the timestamp, a dot, and the body **exactly as sent** (its bytes, not a re-serialisation).

**Worked example.** With the secret \`example-secret\`, the timestamp \`1735689600\` and the body

\`\`\`json
{"id":"evt_1001","type":"subscription.renewed","data":{"referenceId":"sub_42"}}
\`\`\`

the signed text is \`1735689600.{"id":"evt_1001","type":"subscription.renewed","data":{"referenceId":"sub_42"}}\`, and the headers are

\`\`\`
${timestampHeader}: 1735689600
${signatureHeader}: v1=3bb21c2584e6304c4e9fa54b673661e08d59f1067d12020dab07571fd12caf16
\`\`\`

In a shell (the hex follows \`= \`): \`printf '%s.%s' "$TIMESTAMP" "$BODY" | openssl dgst -sha256 -hmac "$SECRET"\`.

**Checks, in order.** The signature first: missing headers, a timestamp that is not a whole number, or a signature that does not match give 401 \`invalid_signature\`. Then the time: a timestamp more than ${billingEventToleranceSeconds / 60} minutes (${billingEventToleranceSeconds} seconds) before or after the portal's clock gives 401 \`stale_event\` (only an authentic event learns that its clock is off). Then the body: not JSON gives 400 \`malformed_json\`, not an event gives 400 \`validation_failed\`.

**Applied once.** Each event id is applied once: the same id again answers 409 \`event_replayed\` and changes nothing, so a delivery may safely be retried. An event the portal cannot apply (no account with that address yet, an unknown plan, a reference id taken) answers 422 \`validation_failed\` with the reason, and is not recorded: send it again once corrected.`,
  tag: 'Billing',
  access: 'signedServer',
  body: BillingEvent,
  answers: { 200: BillingEventReceipt },
  refusals: [ErrorCode.invalidSignature, ErrorCode.staleEvent, ErrorCode.eventReplayed],
});
