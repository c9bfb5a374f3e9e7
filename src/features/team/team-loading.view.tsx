import { Trans } from '@lingui/react/macro';
import { Card } from '../../components/ui/card';
import { Text } from '../../components/ui/text';

/**
 * While the team is read, and while the team section's code loads: it is its own chunk, so the
 * portal's first load stays within its budget.
 */
export function TeamLoadingView() {
  return (
    <Card title={<Trans>Team</Trans>}>
      <Text role="status" tone="muted">
        <Trans>Loading the team…</Trans>
      </Text>
    </Card>
  );
}
