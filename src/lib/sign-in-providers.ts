import * as v from 'valibot';
import { SignInProvider } from '../../contract/federated-sign-in';

/**
 * What the server put in `<meta name="portal-config">` for sign-in through providers: the
 * configured providers with their names (the enterprise one is the company's), and the directory
 * service. Read here rather than in src/lib/config.ts, so pages that name no provider do not carry it.
 */
const ProviderSignInConfig = v.object({
  signInProviders: v.fallback(v.array(SignInProvider), []),
  directoryServiceUrl: v.fallback(v.nullable(v.string()), null),
});

export function providerSignInConfig(): v.InferOutput<typeof ProviderSignInConfig> {
  const content = document.querySelector('meta[name="portal-config"]')?.getAttribute('content');
  let raw: unknown = {};
  try {
    raw = content ? JSON.parse(content) : {};
  } catch {
    raw = {};
  }
  return v.parse(ProviderSignInConfig, raw && typeof raw === 'object' ? raw : {});
}
