import type { ReactNode } from 'react';
import classes from './card-grid.module.css';

/** One column on phones, up to three on wide screens. */
export function CardGrid({ children }: { children: ReactNode }) {
  return <div className={classes.grid}>{children}</div>;
}
