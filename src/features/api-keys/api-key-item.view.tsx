import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { ApiKey } from '../../../contract/teams';
import { css } from '../../../styled-system/css';
import { wrap } from '../../../styled-system/patterns';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Heading, Text } from '../../components/ui/text';
import { formatDate } from '../../lib/format/dates';
import { detailsList } from '../../theme/recipes/details-list';
import { EditApiKeyIpsForm } from './api-key-forms.view';
import type { ApiKeyPartProps } from './api-keys.types';

export type ApiKeyState = 'active' | 'expired' | 'invalidated';

/** Invalidated wins over expired: it is what someone did, expiry is what time did. */
export function apiKeyStateOf(key: Pick<ApiKey, 'invalidated' | 'expirationDate'>, now: number): ApiKeyState {
  if (key.invalidated) return 'invalidated';
  return Date.parse(key.expirationDate) <= now ? 'expired' : 'active';
}

const stateTones = { active: 'success', expired: 'neutral', invalidated: 'danger' } as const;

function KeyStateText({ state }: { state: ApiKeyState }) {
  if (state === 'invalidated') return <Trans>Invalidated</Trans>;
  if (state === 'expired') return <Trans context="api key state">Expired</Trans>;
  return <Trans context="api key state">Active</Trans>;
}

/** One key in the list: what it is, and its buttons or, while its addresses are edited, their form. */
export function ApiKeyItem({ snapshot, send, now, apiKey }: ApiKeyPartProps & { now: number; apiKey: ApiKey }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const { keyId, description, prefix, allowedIPs } = apiKey;
  const state = apiKeyStateOf(apiKey, now);
  const editing = snapshot.context.keyId === keyId && snapshot.matches('editingIps');
  return (
    <li
      className={css({
        display: 'grid',
        gap: '3',
        paddingBlock: '3',
        borderBlockStartWidth: '1px',
        borderColor: 'border',
      })}
    >
      <Heading as="h3" level="subsection" id={`${id}-title`}>
        <bdi>{description}</bdi>
      </Heading>
      <dl className={detailsList}>
        <dt>
          <Trans>Key</Trans>
        </dt>
        <dd>
          <Text as="code" mono dir="ltr">
            {prefix}…
          </Text>
        </dd>
        <dt>
          <Trans>Generated</Trans>
        </dt>
        <dd>{formatDate(apiKey.dateGenerated, i18n.locale)}</dd>
        <dt>
          <Trans>Expires</Trans>
        </dt>
        <dd>{formatDate(apiKey.expirationDate, i18n.locale)}</dd>
        <dt>
          <Trans context="api key state">Status</Trans>
        </dt>
        <dd>
          <Badge tone={stateTones[state]}>
            <KeyStateText state={state} />
          </Badge>
        </dd>
        <dt>
          <Trans>Allowed addresses</Trans>
        </dt>
        <dd>
          {allowedIPs.length === 0 ? (
            <Trans>Any address</Trans>
          ) : (
            <Text as="span" mono dir="ltr">
              {allowedIPs.join(', ')}
            </Text>
          )}
        </dd>
      </dl>
      {editing ? (
        <EditApiKeyIpsForm snapshot={snapshot} send={send} apiKey={apiKey} />
      ) : (
        <div className={wrap({ gap: '3', align: 'center' })}>
          <Button
            variant="outline"
            aria-label={t`Edit addresses of ${description}`}
            disabled={!snapshot.can({ type: 'user.editIps', keyId })}
            onClick={() => send({ type: 'user.editIps', keyId })}
          >
            <Trans>Edit addresses</Trans>
          </Button>
          <Button
            variant="danger"
            aria-label={t`Delete ${description}`}
            disabled={!snapshot.can({ type: 'user.delete', keyId })}
            onClick={() => send({ type: 'user.delete', keyId })}
          >
            <Trans>Delete</Trans>
          </Button>
        </div>
      )}
    </li>
  );
}
