import { Fragment, type ReactNode } from 'react';
import classes from './details-list.module.css';

/** One fact of a details list: its label and its value. */
export type DetailsRow = [label: string, value: ReactNode];

/** A <dl> of facts, label beside value (the layout is in details-list.module.css); labels are unique. */
export function DetailsList({ rows }: { rows: readonly DetailsRow[] }) {
  return (
    <dl className={classes.details}>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
