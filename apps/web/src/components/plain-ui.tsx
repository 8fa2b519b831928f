import type { CSSProperties, MouseEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';

/*
 * The UI library's markup for what every public page opens with (the top bar, the home page's hero, the
 * page loader, the 404 and error pages), written out: the same elements, class names and CSS variables
 * the library's Container, Group, Stack, Title, Text, Button and Loader render, so the library's
 * style sheets (which entry-client.ts loads for the first paint) draw them exactly as before. Without one
 * of its components on the first page, the library's component machinery (style props, the styles API,
 * transitions) leaves the first page's JavaScript: docs/decisions/050. `plain-ui.test.tsx` renders each
 * beside the library's own component and compares the markup, so an upgrade that renames a class fails a
 * test, not a page. Everything past the first page uses the library's components as before.
 */

type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** A theme spacing, or pixels as the library turns them into rem. */
function spacing(value: Spacing | number): string {
  return typeof value === 'number'
    ? `calc(${value / 16}rem * var(--mantine-scale))`
    : `var(--mantine-spacing-${value})`;
}

/** The library's responsive visibility classes (`visibleFrom`, `hiddenFrom`). */
function visibility(visibleFrom?: Breakpoint, hiddenFrom?: Breakpoint): string {
  return [
    visibleFrom && ` mantine-visible-from-${visibleFrom}`,
    hiddenFrom && ` mantine-hidden-from-${hiddenFrom}`,
  ]
    .filter(Boolean)
    .join('');
}

/** The library's Anchor's classes: with `data-underline="never"`, a link in its text style. */
export const ANCHOR_CLASS_NAME =
  'mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root';

const vars = (style: Record<string, string | number | undefined>) => style as CSSProperties;

export function PlainContainer({
  size,
  style,
  children,
}: {
  size: 'sm' | 'lg';
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <div
      style={vars({ '--container-size': `var(--container-size-${size})`, ...style })}
      className="m_7485cace mantine-Container-root"
      data-size={size}
      data-strategy="block"
    >
      {children}
    </div>
  );
}

interface PlainGroupProps {
  gap: Spacing;
  justify?: 'flex-start' | 'space-between';
  component?: 'div' | 'nav';
  visibleFrom?: Breakpoint;
  style?: CSSProperties;
  'aria-label'?: string;
  children: ReactNode;
}

/** A row that does not wrap (every row on the first page is one). */
export function PlainGroup({
  gap,
  justify = 'flex-start',
  component: Component = 'div',
  visibleFrom,
  style,
  children,
  ...rest
}: PlainGroupProps) {
  return (
    <Component
      style={vars({
        '--group-gap': spacing(gap),
        '--group-align': 'center',
        '--group-justify': justify,
        '--group-wrap': 'nowrap',
        ...style,
      })}
      className={`m_4081bf90 mantine-Group-root${visibility(visibleFrom)}`}
      {...rest}
    >
      {children}
    </Component>
  );
}

export function PlainStack({
  gap,
  align = 'stretch',
  style,
  role,
  children,
}: {
  gap: Spacing | number;
  align?: 'stretch' | 'center';
  style?: CSSProperties;
  role?: 'alert';
  children: ReactNode;
}) {
  return (
    <div
      style={vars({
        '--stack-gap': spacing(gap),
        '--stack-align': align,
        '--stack-justify': 'flex-start',
        ...style,
      })}
      className="m_6d731127 mantine-Stack-root"
      role={role}
    >
      {children}
    </div>
  );
}

/** A page's `<h1>`. */
export function PlainTitle({ color, children }: { color?: string; children: ReactNode }) {
  return (
    <h1
      style={vars({
        '--title-fw': 'var(--mantine-h1-font-weight)',
        '--title-lh': 'var(--mantine-h1-line-height)',
        '--title-fz': 'var(--mantine-h1-font-size)',
        color: color && `var(--mantine-color-${color})`,
      })}
      className="m_8a5d1357 mantine-Title-root"
      data-order="1"
    >
      {children}
    </h1>
  );
}

export function PlainText({
  component: Component = 'p',
  size,
  visibleFrom,
  style,
  children,
  ...rest
}: {
  component?: 'p' | 'span';
  size?: 'lg';
  visibleFrom?: Breakpoint | undefined;
  style?: CSSProperties;
  'aria-hidden'?: boolean;
  children: ReactNode;
}) {
  return (
    <Component
      style={vars({
        ...(size && {
          '--text-fz': `var(--mantine-font-size-${size})`,
          '--text-lh': `var(--mantine-line-height-${size})`,
        }),
        ...style,
      })}
      className={`mantine-focus-auto m_b6d8b162 mantine-Text-root${visibility(visibleFrom)}`}
      data-size={size}
      {...rest}
    >
      {children}
    </Component>
  );
}

interface ButtonLook {
  /** Filled in the primary colour (the default), or outlined. */
  variant?: 'filled' | 'outline';
  size?: 'md';
  children: ReactNode;
}

function buttonAttributes({ variant = 'filled', size }: Omit<ButtonLook, 'children'>) {
  const colours =
    variant === 'outline'
      ? {
          '--button-bg': 'transparent',
          '--button-hover': 'var(--mantine-color-maroon-outline-hover)',
          '--button-color': 'var(--mantine-color-maroon-outline)',
          '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-maroon-outline)',
        }
      : { '--button-color': 'var(--mantine-color-white)' };
  return {
    style: vars({
      ...(size && {
        '--button-height': `var(--button-height-${size})`,
        '--button-padding-x': `var(--button-padding-x-${size})`,
        '--button-fz': `var(--mantine-font-size-${size})`,
      }),
      ...colours,
    }),
    className:
      'mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root',
    'data-variant': variant === 'outline' ? variant : undefined,
    'data-size': size,
  };
}

function ButtonLabel({ children }: { children: ReactNode }) {
  return (
    <span className="m_80f1301b mantine-Button-inner">
      <span className="m_811560b9 mantine-Button-label">{children}</span>
    </span>
  );
}

/** A button that performs an action. */
export function PlainButton({ onClick, children, ...look }: ButtonLook & { onClick: MouseEventHandler }) {
  return (
    <button type="button" onClick={onClick} {...buttonAttributes(look)}>
      <ButtonLabel>{children}</ButtonLabel>
    </button>
  );
}

/** A link to one of the app's pages that looks like a button. */
export function PlainButtonLink({ to, children, ...look }: ButtonLook & { to: string }) {
  return (
    <Link to={to} {...buttonAttributes(look)}>
      <ButtonLabel>{children}</ButtonLabel>
    </Link>
  );
}

/**
 * The library's spinning ring, centred in the space a page would take. The status region carries the
 * name (a label on the ring itself, as the library puts it, is not exposed by a plain `<span>`).
 */
export function PlainPageLoader({ label }: { label: string }) {
  return (
    <div
      style={{ minHeight: '50vh' }}
      className="m_4451eb3a mantine-Center-root"
      role="status"
      aria-busy="true"
      aria-label={label}
    >
      <span className="m_b34414df m_5ae2e3c mantine-Loader-root" />
    </div>
  );
}
