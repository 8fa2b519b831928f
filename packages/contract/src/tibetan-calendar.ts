/**
 * The Tibetan calendar, Phugpa version (the one the Dalai Lama's Men-Tsee-Khang and most monasteries in Nepal
 * follow), computed from the published calendar mathematics: Svante Janson, "Tibetan Calendar Mathematics"
 * (Uppsala 2007, revised 2014, arXiv:1401.6285), sections 5–7 with the epoch constants of his appendix for
 * the epoch year 806. Pure arithmetic: no tables of dates, no dependencies, so the API (plans) and the web
 * (the date picker, in the lazily loaded order form) use the same answer.
 *
 * Shape of the calendar:
 * - Months are lunar and numbered after the solar month they fall in; 67 lunar months take as long as 65
 *   solar ones, so about every 32.5 months one month number comes twice. The first of the pair is the leap
 *   month (Janson §5).
 * - A civil day (daybreak to daybreak) carries the number of the lunar day current at its daybreak, i.e. of
 *   the first lunar day that ends during it. When two lunar days end on one civil day, the second of them has
 *   no civil day of its own: it is skipped. When no lunar day ends on a civil day, the next lunar day is
 *   current at two daybreaks and its number is doubled; the first of the two days is the leap day (§6).
 *
 * All arithmetic is exact: every quantity is an integer count of 1/DENOMINATOR days (Janson's fractions all
 * divide it), so rounding can never move a lunar day to a neighbouring civil day.
 *
 * Dates given and returned are YYYY-MM-DD calendar days in Nepal (the business time zone): the calendar is
 * about the day on which the monastery holds the puja, not about an instant.
 */

/** The lunar days that mark a puja or festival, by their day number. */
export const MONTHLY_LUNAR_DAYS = {
  medicineBuddha: 8,
  guruRinpoche: 10,
  fullMoon: 15,
  dakini: 25,
  newMoon: 30,
} as const;

/** The four great festivals (düchen) and Losar, by Tibetan month and lunar day. */
export const YEARLY_FESTIVALS = {
  losar: { month: 1, day: 1 },
  chotrulDuchen: { month: 1, day: 15 },
  sagaDawaDuchen: { month: 4, day: 15 },
  chokhorDuchen: { month: 6, day: 4 },
  lhababDuchen: { month: 9, day: 22 },
} as const;

export type MonthlyObservance = keyof typeof MONTHLY_LUNAR_DAYS;
export type YearlyFestival = keyof typeof YEARLY_FESTIVALS;
/** One name per special day; the web translates each into the reader's language. */
export type SpecialDay = MonthlyObservance | YearlyFestival;

export interface TibetanMonth {
  /** The year number as Janson counts it: the Gregorian year in which the Tibetan year begins. */
  year: number;
  /** The royal year (rgyal lo) printed on Tibetan calendars: year + 127, e.g. 2151 for 2024. */
  royalYear: number;
  month: number;
  /** The first of a doubled month number. */
  leapMonth: boolean;
}

export interface TibetanDay extends TibetanMonth {
  /** The number of the lunar day this civil day carries (1–30). */
  lunarDay: number;
  /** This number is doubled this month: 'first' is the leap day, 'second' the regular one. */
  doubled: 'first' | 'second' | null;
  /** A lunar day whose number no civil day carries, ending on this day (its observances are held today). */
  skippedNext: number | null;
  /**
   * The special days observed on this civil day: those of every lunar day that ends during it (the day's own
   * lunar day, and a skipped one after it). The first day of a doubled pair observes nothing: its lunar day
   * ends on the second. Losar is the first day of the year, whichever lunar day that carries.
   */
  specialDays: SpecialDay[];
}

// ---- exact arithmetic -------------------------------------------------------------------------------------

/** Least common multiple of every denominator below (11312, 60·126 and 60·402). */
const DENOMINATOR = 102_317_040;

/**
 * Epoch E806 (Janson, appendix; Phugpa): year 806, month 3, β* = 61. The mean date of lunar day d of true
 * month n is n·m1 + d·m2 + m0 (a Julian day number), with m1 = 167025/5656 = 30·m2 and
 * m0 = 2015501 + 4783/5656.
 */
const EPOCH_YEAR = 806;
const EPOCH_MONTH = 3;
const BETA_STAR = 61;
/** β = 184 − β*, used by the inverse month count (Janson (5.x), "year and month from the true month"). */
const BETA = 184 - BETA_STAR;
/** The intercalation index values that make a month a leap month (Phugpa: 48 and 49). */
const LEAP_INDEX = 48;
/** The Tibetan royal year is the Gregorian year plus 127. */
const ROYAL_YEAR_OFFSET = 127;

const MEAN_DAY = (11135 * DENOMINATOR) / 11312; // m2
const MEAN_EPOCH = 2015501 * DENOMINATOR + (4783 * DENOMINATOR) / 5656; // m0

/** The moon's equation by twenty-eighths of an anomalistic month (Janson's moon_tab; symmetric). */
const MOON_TABLE = [0, 5, 10, 15, 19, 22, 24, 25];
/** The sun's equation by twelfths of a year (Janson's sun_tab; symmetric). */
const SUN_TABLE = [0, 6, 10, 11];

function mod(value: number, modulus: number): number {
  return ((value % modulus) + modulus) % modulus;
}

function moonTable(index: number): number {
  const k = mod(index, 28);
  if (k <= 7) return MOON_TABLE[k] as number;
  if (k <= 14) return MOON_TABLE[14 - k] as number;
  if (k <= 21) return -(MOON_TABLE[k - 14] as number);
  return -(MOON_TABLE[28 - k] as number);
}

function sunTable(index: number): number {
  const k = mod(index, 12);
  if (k <= 3) return SUN_TABLE[k] as number;
  if (k <= 6) return SUN_TABLE[6 - k] as number;
  if (k <= 9) return -(SUN_TABLE[k - 6] as number);
  return -(SUN_TABLE[12 - k] as number);
}

/**
 * A table read between its whole entries by straight-line interpolation, the argument being
 * numerator/denominator. Returns the value times `denominator` (an integer).
 */
function interpolated(table: (index: number) => number, numerator: number, denominator: number): number {
  const whole = Math.floor(numerator / denominator);
  const part = numerator - whole * denominator;
  const low = table(whole);
  return low * denominator + (table(whole + 1) - low) * part;
}

/**
 * The true date of lunar day `day` of true month `month` (Janson §6): mean date + moon's equation/60 − sun's
 * equation/60, in 1/DENOMINATOR days. Its whole part is the Julian day number of the civil day on which the
 * lunar day ends.
 */
function trueDate(month: number, day: number): number {
  // 28 × the moon's anomaly = 28·(n·253/3528 + d/28 + 475/3528) = (253n + 126d + 475)/126.
  const moon = interpolated(moonTable, 253 * month + 126 * day + 475, 126); // × 126
  // 12 × (the mean sun − 1/4) = 12·(n·65/804 + d·13/4824 + 743/804 − 1/4) = (390n + 13d + 4458 − 1206)/402.
  const sun = interpolated(sunTable, 390 * month + 13 * day + 4458 - 1206, 402); // × 402
  const meanDate = (30 * month + day) * MEAN_DAY + MEAN_EPOCH;
  return meanDate + moon * (DENOMINATOR / (126 * 60)) - sun * (DENOMINATOR / (402 * 60));
}

/** The Julian day number of the civil day on which lunar day `day` of true month `month` ends. */
function endingDay(month: number, day: number): number {
  return Math.floor(trueDate(month, day) / DENOMINATOR);
}

/** The lunar day before (month, day): day 30 of the previous month before day 1. */
function previousLunarDay(month: number, day: number): [number, number] {
  return day === 1 ? [month - 1, 30] : [month, day - 1];
}

function nextLunarDay(month: number, day: number): [number, number] {
  return day === 30 ? [month + 1, 1] : [month, day + 1];
}

// ---- months ---------------------------------------------------------------------------------------------

/**
 * The true month count of Tibetan year/month (Janson §5): months since the epoch. When the month number is
 * doubled (intercalation index 48 or 49), the count given is the regular month's; the leap month is one
 * before it.
 */
function trueMonthCount(year: number, month: number): { count: number; hasLeap: boolean } {
  const scaled = 67 * (12 * (year - EPOCH_YEAR) + month - EPOCH_MONTH) + BETA_STAR;
  const index = mod(scaled, 65);
  return {
    count: Math.floor(scaled / 65) + (index >= LEAP_INDEX ? 1 : 0),
    hasLeap: index === LEAP_INDEX || index === LEAP_INDEX + 1,
  };
}

/** Year and month from the true month count (Janson §5, the inverse). */
function monthOfCount(count: number): TibetanMonth {
  const scaled = 65 * count + BETA;
  const solarMonths = Math.ceil(scaled / 67);
  const year = Math.ceil(solarMonths / 12) - 1 + EPOCH_YEAR;
  const rest = mod(scaled, 67);
  return {
    year,
    royalYear: year + ROYAL_YEAR_OFFSET,
    month: 1 + mod(solarMonths - 1, 12),
    leapMonth: rest === 1 || rest === 2,
  };
}

// ---- Gregorian days -------------------------------------------------------------------------------------

const MS_PER_DAY = 86_400_000;
/** Julian day number of 1970-01-01. */
const JDN_UNIX_EPOCH = 2_440_588;

function julianDayOf(isoDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Math.round(time / MS_PER_DAY) + JDN_UNIX_EPOCH;
}

function isoDateOf(julianDay: number): string {
  return new Date((julianDay - JDN_UNIX_EPOCH) * MS_PER_DAY).toISOString().slice(0, 10);
}

// ---- the civil day --------------------------------------------------------------------------------------

/** The lunar day current at the daybreak of civil day `julianDay`: the first one ending on it or later. */
function lunarDayAt(julianDay: number): [number, number] {
  // The mean date is within a day of the true date (the equations add at most (25 + 11)/60 of a day), so
  // starting two lunar days before the mean estimate and walking forward finds it in a few steps.
  const elapsed = julianDay * DENOMINATOR - MEAN_EPOCH;
  const lunarDays = Math.floor(elapsed / MEAN_DAY) - 2;
  let month = Math.floor(lunarDays / 30);
  let day = lunarDays - 30 * month;
  if (day === 0) [month, day] = previousLunarDay(month, 1);
  while (endingDay(month, day) < julianDay) [month, day] = nextLunarDay(month, day);
  return [month, day];
}

function specialDaysOf(month: TibetanMonth, day: number): SpecialDay[] {
  const found: SpecialDay[] = [];
  for (const [name, lunarDay] of Object.entries(MONTHLY_LUNAR_DAYS)) {
    if (lunarDay === day) found.push(name as MonthlyObservance);
  }
  // The yearly festivals fall in the regular month when a month number is doubled.
  if (!month.leapMonth) {
    for (const [name, festival] of Object.entries(YEARLY_FESTIVALS)) {
      if (name !== 'losar' && festival.month === month.month && festival.day === day) {
        found.push(name as YearlyFestival);
      }
    }
  }
  return found;
}

/** The first civil day (Julian day number) of true month `month`. */
function firstDayOfMonth(month: number): number {
  return endingDay(month - 1, 30) + 1;
}

/** The Tibetan date of a civil day in Nepal, YYYY-MM-DD. */
export function tibetanDayOf(isoDate: string): TibetanDay {
  const julianDay = julianDayOf(isoDate);
  const [month, day] = lunarDayAt(julianDay);
  const ends = endingDay(month, day);
  const [previousMonth, previousDay] = previousLunarDay(month, day);
  const previousEnds = endingDay(previousMonth, previousDay);
  const doubled = ends > julianDay ? 'first' : previousEnds < julianDay - 1 ? 'second' : null;
  const tibetanMonth = monthOfCount(month);

  const [nextMonth, nextDay] = nextLunarDay(month, day);
  const skipped = doubled !== 'first' && endingDay(nextMonth, nextDay) === julianDay;

  const specialDays: SpecialDay[] = [];
  if (tibetanMonth.month === 1 && firstDayOfYear(tibetanMonth.year) === julianDay) specialDays.push('losar');
  if (doubled !== 'first') {
    specialDays.push(...specialDaysOf(tibetanMonth, day));
    if (skipped) specialDays.push(...specialDaysOf(monthOfCount(nextMonth), nextDay));
  }
  return {
    ...tibetanMonth,
    lunarDay: day,
    doubled,
    skippedNext: skipped ? nextDay : null,
    specialDays,
  };
}

/** The first civil day of Tibetan year `year` (Losar): day one of month 1, the leap month 1 if doubled. */
function firstDayOfYear(year: number): number {
  const { count, hasLeap } = trueMonthCount(year, 1);
  return firstDayOfMonth(hasLeap ? count - 1 : count);
}

/** Losar of the Tibetan year that begins in Gregorian year `year`, YYYY-MM-DD. */
export function losarOf(year: number): string {
  return isoDateOf(firstDayOfYear(year));
}

/** How a date for a lunar day was chosen. */
export type LunarDayDate = {
  date: string;
  month: TibetanMonth;
  /**
   * 'regular': the civil day carries the lunar day's number. 'doubled': the number is on two days; the second
   * (the day the lunar day ends) is given. 'skipped': no day carries the number; the day before, on which the
   * lunar day begins and ends, is given.
   */
  kind: 'regular' | 'doubled' | 'skipped';
};

/**
 * The civil days in [from, to] (YYYY-MM-DD, inclusive) on which lunar day `lunarDay` (1–30) is observed, one
 * per Tibetan month, leap months included: for plans such as "on the 10th lunar day each month".
 *
 * One rule covers the three cases: a lunar day is observed on the civil day during which it ends (its true
 * date). For a regular day that is the day carrying its number; for a doubled number, the second of the two
 * days; for a skipped number, the day before (which carries the previous number, yet the whole of the
 * skipped lunar day passes during it). This is the day a monastery following the printed calendar marks.
 */
export function datesOnLunarDay(from: string, to: string, lunarDay: number): LunarDayDate[] {
  if (!Number.isInteger(lunarDay) || lunarDay < 1 || lunarDay > 30) {
    throw new RangeError(`A lunar day is 1 to 30, not ${lunarDay}`);
  }
  const first = julianDayOf(from);
  const last = julianDayOf(to);
  const dates: LunarDayDate[] = [];
  let [month] = lunarDayAt(first);
  month -= 1;
  for (;;) {
    const ends = endingDay(month, lunarDay);
    if (ends > last) break;
    if (ends >= first) {
      const [previousMonth, previousDay] = previousLunarDay(month, lunarDay);
      const previousEnds = endingDay(previousMonth, previousDay);
      dates.push({
        date: isoDateOf(ends),
        month: monthOfCount(month),
        kind: previousEnds === ends ? 'skipped' : previousEnds < ends - 1 ? 'doubled' : 'regular',
      });
    }
    month += 1;
  }
  return dates;
}

/** The civil days in [from, to] on which a yearly festival is observed (the rule of datesOnLunarDay). */
export function datesOfFestival(from: string, to: string, festival: YearlyFestival): string[] {
  if (festival === 'losar') {
    const firstYear = Number(from.slice(0, 4));
    const lastYear = Number(to.slice(0, 4));
    const dates: string[] = [];
    for (let year = firstYear; year <= lastYear; year += 1) {
      const date = losarOf(year);
      if (date >= from && date <= to) dates.push(date);
    }
    return dates;
  }
  const { month, day } = YEARLY_FESTIVALS[festival];
  return datesOnLunarDay(from, to, day)
    .filter((found) => found.month.month === month && !found.month.leapMonth)
    .map((found) => found.date);
}
