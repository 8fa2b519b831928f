import * as flags from 'country-flag-icons/react/3x2';
import classes from './country-flag.module.css';

type FlagComponent = (typeof flags)['NP'];
const flagsByCode: Partial<Record<string, FlagComponent>> = flags;

/**
 * A country's flag drawn as an SVG. Decorative: the country's name beside it is what a screen reader
 * reads, so the flag is hidden from it. A code without a flag gets an empty frame of the same size, which
 * keeps the names in line.
 */
export function CountryFlag({ code }: { code: string }) {
  // Subdivision flags are exported with an underscore (GB_SCT for GB-SCT).
  const Flag = flagsByCode[code.replace('-', '_')];
  if (!Flag) return <span className={classes.flag} aria-hidden="true" data-flag={code} />;
  return <Flag className={classes.flag} aria-hidden="true" focusable="false" data-flag={code} />;
}

// The form loads this module lazily (the flags are most of its weight), and React.lazy needs a default.
export default CountryFlag;
