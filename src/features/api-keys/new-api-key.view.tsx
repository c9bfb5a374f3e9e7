import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { css, cx } from '../../../styled-system/css';
import { grid, wrap } from '../../../styled-system/patterns';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { StatusMessage } from '../../components/ui/status-message';
import { Heading } from '../../components/ui/text';
import { field, fieldControl } from '../../theme/recipes/field';
import { text } from '../../theme/recipes/text';
import type { ApiKeyPartProps } from './api-keys.types';

/**
 * The whole key, this once, with a copy button and the warning that it will not be shown again.
 * The machine copies it (its copyKey actor) and says how that went, rather than Ark's Clipboard,
 * so a refused clipboard leaves the key selected to copy by hand.
 */
export function NewApiKeyPanel({ snapshot, send }: ApiKeyPartProps) {
  const id = useId();
  const copying = snapshot.matches({ shownOnce: 'copying' });
  return (
    <section aria-labelledby={`${id}-title`} className={grid({ gap: '3', maxWidth: '40rem' })}>
      <Heading as="h3" level="subsection" id={`${id}-title`}>
        <Trans>Your new API key</Trans>
      </Heading>
      <Alert tone="success">
        <Trans>Copy the key now and keep it somewhere safe. It will not be shown again.</Trans>
      </Alert>
      <label htmlFor={`${id}-key`} className={field().label}>
        <Trans>API key</Trans>
      </label>
      <div className={wrap({ gap: '3', align: 'center' })}>
        <input
          id={`${id}-key`}
          readOnly
          dir="ltr"
          value={snapshot.context.createdKey ?? ''}
          onFocus={(event) => event.currentTarget.select()}
          className={cx(fieldControl, text({ mono: true }), css({ flex: '1', minWidth: '16rem', bg: 'surface' }))}
        />
        <Button disabled={copying} aria-busy={copying} onClick={() => send({ type: 'user.copy' })}>
          <Trans>Copy key</Trans>
        </Button>
      </div>
      <StatusMessage tone="default" size="sm">
        {snapshot.matches({ shownOnce: 'copied' }) ? <Trans>The key is copied to the clipboard.</Trans> : null}
        {snapshot.matches({ shownOnce: 'copyFailed' }) ? (
          <Trans>We could not copy the key. Select it and copy it yourself.</Trans>
        ) : null}
      </StatusMessage>
      <div className={wrap({ gap: '3', align: 'center' })}>
        <Button variant="outline" onClick={() => send({ type: 'user.done' })}>
          <Trans>Done</Trans>
        </Button>
      </div>
    </section>
  );
}
