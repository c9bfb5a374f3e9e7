import { Trans, useLingui } from '@lingui/react/macro';
import { css } from '../../../styled-system/css';
import { stack, wrap } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Text } from '../../components/ui/text';
import { text } from '../../theme/recipes/text';
import type { EnrolmentSend, EnrolmentSnapshot } from './enrolment-code.view';

const codesList = css({
  display: 'grid',
  // Wide enough for a whole code (30 characters) on a line; a narrow phone breaks it at a dash.
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))',
  gap: '2',
  padding: '3',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'border',
  bg: 'surface',
});

/** The new recovery codes, this once: copy, download, done. */
export function RecoveryCodes({ snapshot, send }: { snapshot: EnrolmentSnapshot; send: EnrolmentSend }) {
  const { t } = useLingui();
  const { recoveryCodes, copy, notice } = snapshot.context;
  return (
    <div className={stack({ gap: '3' })}>
      <Alert tone="success">
        {notice === 'turnedOn' ? (
          <Trans>Your authenticator app is on. From now on, signing in asks for a code from it.</Trans>
        ) : (
          <Trans>Your new recovery codes are ready. The old ones no longer work.</Trans>
        )}
      </Alert>
      <p>
        <Trans>
          If you cannot use your authenticator app, each of these codes signs you in once. Keep them somewhere safe:
          they will not be shown again.
        </Trans>
      </p>
      <ol aria-label={t`Recovery codes`} dir="ltr" className={codesList}>
        {(recoveryCodes ?? []).map((code) => (
          <li key={code} className={text({ mono: true })}>
            {code}
          </li>
        ))}
      </ol>
      <div className={wrap({ gap: '3', align: 'center' })}>
        <Button variant="outline" onClick={() => send({ type: 'user.copy' })}>
          <Trans>Copy</Trans>
        </Button>
        <Button variant="outline" onClick={() => send({ type: 'user.download' })}>
          <Trans>Download</Trans>
        </Button>
        <Button onClick={() => send({ type: 'user.done' })}>
          <Trans>Done</Trans>
        </Button>
        <Text as="span" role="status" tone="muted" size="sm">
          {copy === 'copied' ? <Trans>Recovery codes copied</Trans> : null}
          {copy === 'failed' ? (
            <Trans>Your browser did not let us copy the codes. Select them in the list and copy them yourself.</Trans>
          ) : null}
        </Text>
      </div>
    </div>
  );
}
