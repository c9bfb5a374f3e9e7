import { type ReactNode, type Ref, useId } from 'react';
import { cx } from '../../../styled-system/css';
import { card } from '../../theme/recipes/card';

type CardProps = {
  /** The card's heading; a card with one is a section (or, with `as="article"`, an article) named by it. */
  title?: ReactNode;
  /** The heading's outline level: h2 on a page of cards, h3 for cards within a section. */
  titleAs?: 'h2' | 'h3';
  titleId?: string;
  description?: ReactNode;
  /** Buttons or links beside the title. */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** An item of a list of like cards (a subscription): a titled card is then an article. */
  as?: 'section' | 'article';
  /** A target of the page's address (`/account#devices`). */
  id?: string;
  ref?: Ref<HTMLElement>;
  /** The title takes the focus from script (tabIndex -1): a step in the card ended, the focus goes back to it. */
  titleRef?: Ref<HTMLHeadingElement>;
};

/** A framed part of a page: a title, a description, actions beside them, and its content. */
export function Card({
  title,
  titleAs: Title = 'h2',
  titleId,
  description,
  actions,
  children,
  className,
  as: Root = 'section',
  id,
  ref,
  titleRef,
}: CardProps) {
  const generatedId = useId();
  const headingId = titleId ?? generatedId;
  const styles = card();
  const header =
    title || description || actions ? (
      <div className={styles.header}>
        {title ? (
          <Title id={headingId} ref={titleRef} tabIndex={titleRef ? -1 : undefined} className={styles.title}>
            {title}
          </Title>
        ) : null}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
        {description ? <p className={styles.description}>{description}</p> : null}
      </div>
    ) : null;
  if (!title)
    return (
      <div ref={ref as Ref<HTMLDivElement>} id={id} className={cx(styles.root, className)}>
        {header}
        {children}
      </div>
    );
  return (
    <Root ref={ref} id={id} aria-labelledby={headingId} className={cx(styles.root, className)}>
      {header}
      {children}
    </Root>
  );
}
