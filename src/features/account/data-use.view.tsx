import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountUser } from '../../../contract/account';
import { css } from '../../../styled-system/css';
import { Card } from '../../components/ui/card';
import { UsagePeriodNote } from '../../components/usage-period-note';
import { formatBytes, gigabytesToBytes } from '../../lib/format/bytes';

/** A thin bar in the accent colour, the danger colour once use is over the allowance. */
const allowanceMeter = css({
  appearance: 'none',
  display: 'block',
  width: '100%',
  height: '2',
  borderRadius: 'full',
  overflow: 'hidden',
  bg: 'surface',
  '&::-webkit-meter-bar': { bg: 'surface', border: 'none', borderRadius: 'full', height: '2' },
  '&::-webkit-meter-optimum-value': { bg: 'accent.default', borderRadius: 'full' },
  '&::-moz-meter-bar': { bg: 'accent.default', borderRadius: 'full' },
  '&[data-over]::-webkit-meter-optimum-value': { bg: 'danger.default' },
  '&[data-over]::-moz-meter-bar': { bg: 'danger.default' },
});

/**
 * The data used over the usage period the account read names (a subscription's current period, or
 * the month), against the allowance when there is one, and the period itself.
 */
export function DataUseView({ account }: { account: AccountUser }) {
  const { t, i18n } = useLingui();
  const usedData = formatBytes(gigabytesToBytes(account.usedDataGB), i18n.locale);
  const includedData = formatBytes(gigabytesToBytes(account.freeLicenseDataGB), i18n.locale);
  const allowance = account.freeLicenseDataGB;
  const overAllowance = account.usedDataGB > allowance;
  return (
    <Card title={<Trans>Data use</Trans>} titleId="data-title">
      {allowance > 0 ? (
        <>
          <p>
            <Trans>
              {usedData} of {includedData} used
            </Trans>
          </p>
          <meter
            aria-labelledby="data-title"
            min={0}
            max={allowance}
            value={Math.min(account.usedDataGB, allowance)}
            aria-valuetext={t`${usedData} of ${includedData} used`}
            data-over={overAllowance || undefined}
            className={allowanceMeter}
          />
        </>
      ) : (
        <p>
          <Trans>{usedData} used this period</Trans>
        </p>
      )}
      <UsagePeriodNote period={account.usagePeriod} title={account.usagePeriod.title} />
    </Card>
  );
}
