import { Trans } from '@lingui/react/macro';
import { cva, cx } from '../../../styled-system/css';
import { grid, stack } from '../../../styled-system/patterns';
import { Card } from '../../components/ui/card';
import { Text } from '../../components/ui/text';
import { card } from '../../theme/recipes/card';
import { heading } from '../../theme/recipes/text';

/** A line of text to come, one line high in the font of what it stands for. */
const placeholderLine = cva({
  base: { height: '1lh', borderRadius: 'l1', bg: 'border' },
  variants: {
    width: {
      email: { width: '14rem', maxWidth: '100%' },
      sectionTitle: { width: '12rem' },
      cardTitle: { width: '40%' },
      long: { width: '70%' },
      short: { width: '55%' },
    },
  },
});

const cardTitleLine = cx(heading({ level: 'section' }), placeholderLine({ width: 'cardTitle' }));

/** Where the e-mail address will be, under the page's title. */
export function EmailPlaceholder() {
  return <div aria-hidden="true" className={placeholderLine({ width: 'email' })} />;
}

/**
 * While the account loads: the sections' frames at about the size they will have (the
 * subscriptions' title and a card, the devices and data cards), so nothing below them jumps when
 * they fill. The loading notice takes the place of a line, not a row of its own.
 */
export function AccountPlaceholder() {
  const cardColumns = grid({ columns: { base: 1, md: 2 }, gap: '4' });
  return (
    <>
      <div className={stack({ gap: '3' })}>
        <div
          aria-hidden="true"
          className={cx(heading({ level: 'group' }), placeholderLine({ width: 'sectionTitle' }))}
        />
        <div className={cardColumns}>
          <Card>
            <div aria-hidden="true" className={cardTitleLine} />
            <Text role="status" tone="muted">
              <Trans>Loading your account…</Trans>
            </Text>
            <div aria-hidden="true" className={placeholderLine({ width: 'long' })} />
            <div aria-hidden="true" className={placeholderLine({ width: 'short' })} />
          </Card>
        </div>
      </div>
      <div className={cardColumns}>
        {['devices', 'data'].map((name) => (
          <div key={name} aria-hidden="true" className={card().root}>
            <div className={cardTitleLine} />
            <div className={placeholderLine({ width: 'long' })} />
            <div className={placeholderLine({ width: 'short' })} />
          </div>
        ))}
      </div>
    </>
  );
}
