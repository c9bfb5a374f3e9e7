import { msg } from '@lingui/core/macro';
import { Plural, useLingui } from '@lingui/react/macro';
import { Alert } from './alert';

const withoutWait = msg`Too many attempts. Please wait a few minutes and try again.`;

/**
 * Too many wrong codes or passwords: for how long, in whole minutes, when the server said (its
 * Retry-After); the second step, two-step sign-in's changes and "Confirm it's you" word it alike.
 */
export function RateLimitedAlert({ retryAfterSeconds }: { retryAfterSeconds: number | null }) {
  const { i18n } = useLingui();
  if (retryAfterSeconds === null) return <Alert>{i18n._(withoutWait)}</Alert>;
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return (
    <Alert>
      <Plural
        value={minutes}
        one="Too many attempts. You can try again in # minute."
        other="Too many attempts. You can try again in # minutes."
      />
    </Alert>
  );
}
