import classes from './menu-burger.module.css';

type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/**
 * The menu button of the top bars. Mantine's Burger draws its lines with a <div> inside the <button>,
 * which HTML does not allow (a button holds phrasing content only: issue 31); this one draws them with a
 * <span>. A plain <button> with the library's UnstyledButton classes rather than the component itself:
 * the public top bar is on the first page, which carries none of the library's components (decision 050).
 */
export function MenuBurger({
  opened,
  onClick,
  hiddenFrom,
  label,
  controls,
}: {
  opened: boolean;
  onClick: () => void;
  hiddenFrom: Breakpoint;
  label: string;
  /** The id of the menu it opens, once that is on the page. */
  controls?: string | undefined;
}) {
  return (
    <button
      type="button"
      className={`mantine-focus-auto m_87cf2631 mantine-UnstyledButton-root ${classes.root} mantine-hidden-from-${hiddenFrom}`}
      onClick={onClick}
      aria-label={label}
      aria-expanded={opened}
      aria-controls={controls}
      data-opened={opened || undefined}
    >
      <span className={classes.lines} aria-hidden="true" />
    </button>
  );
}
