import { type ReactNode, useId } from 'react';
import classes from './public-layout.module.css';

/** A column of the site footer: a heading and what it names, as a navigation landmark. */
export function FooterColumn({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId} className={classes.footerHeading}>
        {heading}
      </h2>
      {children}
    </nav>
  );
}
