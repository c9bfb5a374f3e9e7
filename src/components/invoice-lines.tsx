import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { InvoiceLine } from '../../contract/subscriptions';
import { css, cx } from '../../styled-system/css';
import { formatMoney } from '../lib/format/money';

function LineLabel({ line }: { line: InvoiceLine }) {
  const { description, quantity } = line;
  if (line.kind === 'prorationCredit') return <Trans>Credit for the unused time of {description}</Trans>;
  if (line.kind === 'couponDiscount') return <Trans>Coupon: {description}</Trans>;
  if (quantity > 1)
    return (
      <Trans>
        {description}, <Plural value={quantity} one="# seat" other="# seats" />
      </Trans>
    );
  return <>{description}</>;
}

const cell = css({ paddingBlock: '2', textAlign: 'start', fontWeight: 'normal' });
const amount = css({ paddingBlock: '2', textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

/** The lines of an invoice or of an upgrade's preview (plan, proration credit, coupon discount) and the total. */
export function InvoiceLinesTable({
  caption,
  lines,
  currency,
  totalCents,
  totalLabel,
}: {
  caption: ReactNode;
  lines: readonly InvoiceLine[];
  currency: string;
  totalCents: number;
  totalLabel: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <table className={css({ width: '100%', borderCollapse: 'collapse' })}>
      <caption className={css({ srOnly: true })}>{caption}</caption>
      <thead className={css({ srOnly: true })}>
        <tr>
          <th scope="col">
            <Trans>Item</Trans>
          </th>
          <th scope="col">
            <Trans>Amount</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          // Lines have no id of their own; their order is the invoice's.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <tr key={index} className={css({ borderBottomWidth: '1px', borderColor: 'border' })}>
            <th scope="row" className={cell}>
              <LineLabel line={line} />
            </th>
            <td className={amount}>{formatMoney(line.amountCents, currency, i18n.locale)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className={css({ paddingBlock: '2', textAlign: 'start', fontWeight: 'semibold' })}>
            {totalLabel}
          </th>
          <td className={cx(amount, css({ fontWeight: 'semibold' }))}>
            {formatMoney(totalCents, currency, i18n.locale)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
