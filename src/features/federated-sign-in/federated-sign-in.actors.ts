import * as v from 'valibot';
import { fromPromise } from 'xstate';
import {
  completeProviderSignIn,
  confirmProviderLink,
  linkProviderWithPassword,
  mailProviderLink,
  startCompanySignIn as startCompanySignInCall,
  startProviderSignIn as startProviderSignInCall,
} from '../../../contract/calls/federated-sign-in';
import type {
  CompleteSignInRequest,
  CompleteSignInResponse,
  ProviderId,
  ProviderLinkResponse,
} from '../../../contract/federated-sign-in';
import type { StartedSignIn } from '../../../machines/federatedSignIn/federatedSignIn.machine';
import { callApi, explained } from '../../lib/api-client';
import { providerSignInConfig } from '../../lib/sign-in-providers';

/** POST /api/auth/providers/{provider}/start. */
export const startProviderSignIn = fromPromise<StartedSignIn, { provider: ProviderId; redirect?: string }>(
  ({ input }) =>
    explained(() =>
      callApi(startProviderSignInCall, { params: { provider: input.provider }, body: { redirect: input.redirect } }),
    ),
);

/** POST /api/auth/company/start: the work address's company, or the server's refusal (unknown domain). */
export const startCompanySignIn = fromPromise<StartedSignIn, { email: string; redirect?: string }>(({ input }) =>
  explained(() => callApi(startCompanySignInCall, { body: input })),
);

/**
 * An answer is sent once per page: its code and state are single use, and React's development mode
 * starts a screen's actor twice.
 */
const completions = new Map<string, Promise<CompleteSignInResponse>>();

/** POST /api/auth/providers/{provider}/complete: the session starts, or the server says why not. */
export const completeSignIn = fromPromise<CompleteSignInResponse, { provider: string; answer: CompleteSignInRequest }>(
  ({ input }) => {
    const key = JSON.stringify([input.provider, input.answer]);
    let completion = completions.get(key);
    if (!completion) {
      completion = explained(() =>
        callApi(completeProviderSignIn, {
          params: { provider: input.provider },
          body: input.answer,
          expectUnauthorized: true,
        }),
      );
      completions.set(key, completion);
    }
    return completion;
  },
);

/** POST /api/auth/providers/link/password: the account's password consents; the session starts or the second step is asked for. */
export const linkWithPassword = fromPromise<ProviderLinkResponse, { password: string }>(({ input }) =>
  explained(() => callApi(linkProviderWithPassword, { body: input, expectUnauthorized: true })),
);

/** POST /api/auth/providers/link/mail: a link to consent with, mailed to the account's address. */
export const mailLink = fromPromise<void>(async () => {
  await explained(() => callApi(mailProviderLink, {}));
});

/** POST /api/auth/providers/link/confirm: the mailed link's consent; the session starts or the second step is asked for. */
export const confirmLink = fromPromise<ProviderLinkResponse, { token: string }>(({ input }) =>
  explained(() => callApi(confirmProviderLink, { body: input, expectUnauthorized: true })),
);

/** The directory service's answer: the first result's country code is the region. */
const LocationResponse = v.object({
  results: v.array(v.looseObject({ countryCode: v.optional(v.string()), country_code: v.optional(v.string()) })),
});

/** GET /api/v1/location on the directory service, when one is configured: a region code, or null. */
export const lookUpRegion = fromPromise<string | null>(async ({ signal }) => {
  const { directoryServiceUrl } = providerSignInConfig();
  if (!directoryServiceUrl) return null;
  const response = await fetch(new URL('/api/v1/location', directoryServiceUrl), {
    signal: AbortSignal.any([signal, AbortSignal.timeout(5_000)]),
    headers: { accept: 'application/json' },
  });
  const parsed = v.safeParse(LocationResponse, await response.json());
  if (!response.ok || !parsed.success) return null;
  const region = parsed.output.results.map((result) => result.countryCode ?? result.country_code).find(Boolean);
  return region ? region.toUpperCase() : null;
});
