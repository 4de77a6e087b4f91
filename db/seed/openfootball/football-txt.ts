// Football.TXT match schedules (openfootball/england: `2025-26/1-premierleague.txt` …),
// the plain-text format the football.json files are generated from. Only the
// constructs these files use are read; any other line stops the import with the
// file and line number, so a format change upstream is noticed, not half-read.
//
//   = English Premier League 2025/26           title; "2025/26" gives the season's years
//   # Teams      20                            comment (also after "#" on any line)
//   » Matchday 1                               round ("» 1. Round" in the lower leagues)
//     Fri Aug/15 2025                          date; the year is optional
//       20.00  Liverpool FC  v AFC Bournemouth  4-2 (1-0)    time, teams, full time (half time)
//              Sunderland AFC v West Ham United FC 3-0       no time: the one above, same date
//              Aston Villa FC v Newcastle United FC 0-0      no half time given
//              Chelsea FC v Tottenham Hotspur FC [postponed] a status instead of a score
//              Leeds United FC v Burnley FC                  not played yet
//
// A date without a year takes the season year on which its weekday falls ("Thu
// Jan/1" in 2025-26 is 2026: 1 January 2025 was a Wednesday). That is how these
// files are read correctly where the generated JSON is not (NOTICE.md: 2025-26
// en.3 dates January–May 2026 as 2025), and why a weekday that fits neither year
// is an error rather than a guess.
import { z } from 'zod';
import { sourceMatchSchema, type SourceMatch } from './openfootball.schemas.ts';

/** One match as the JSON files would give it, with the line it came from. */
export const footballTxtMatchSchema = z.object({
  line: z.number().int().positive(),
  match: sourceMatchSchema,
});

export const footballTxtFileSchema = z.object({
  /** "English Premier League 2025/26". */
  title: z.string().trim().min(1),
  matches: z.array(footballTxtMatchSchema),
});

export type FootballTxtFile = z.infer<typeof footballTxtFileSchema>;
export type FootballTxtMatch = z.infer<typeof footballTxtMatchSchema>;

export class FootballTxtError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    message: string,
  ) {
    super(`openfootball: ${file} line ${line}: ${message}`);
    this.name = 'FootballTxtError';
  }
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const TITLE = /^=\s*(.+)$/;
const ROUND = /^»\s*(.*)$/;
const DATE = /^([A-Z][a-z]{2})\s+([A-Z][a-z]{2})\/(\d{1,2})(?:\s+(\d{4}))?$/;
/** Optional "20.00", the two teams around " v ", then a score "4-2 (1-0)", a "[status]", or nothing. */
const MATCH =
  /^(?:(\d{1,2})[.:](\d{2})\s+)?(.+?)\s+v\s+(.+?)(?:\s+(\d{1,2})-(\d{1,2})(?:\s+\((\d{1,2})-(\d{1,2})\))?|\s+\[([^\]]*)\])?$/;
/** Letters (any script), digits, spaces and the punctuation club names use; nothing a misread score would leave. */
const TEAM_NAME = /^[\p{L}\p{M}\d][\p{L}\p{M}\d .&'’/-]*$/u;
const STATUSES = ['postponed', 'cancelled', 'abandoned', 'awarded'] as const;

/** "2025/26" → [2025, 2026]; "2025" → [2025]; no year → []. */
export function seasonYears(title: string): number[] {
  const split = /(\d{4})\/(\d{2})\s*$/.exec(title);
  if (split) return [Number(split[1]), Number(split[1]) + 1];
  const single = /(\d{4})\s*$/.exec(title);
  return single ? [Number(single[1])] : [];
}

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

function weekdayOf(iso: string): string {
  return WEEKDAYS[new Date(`${iso}T00:00:00Z`).getUTCDay()] ?? '';
}

/** Parses one Football.TXT file; `file` names it in errors ("england/2025-26/1-premierleague.txt"). */
export function parseFootballTxt(text: string, file: string): FootballTxtFile {
  let title: string | undefined;
  let years: number[] = [];
  let round: string | undefined;
  let date: string | undefined;
  let time: string | undefined;
  const matches: FootballTxtMatch[] = [];

  for (const [index, rawLine] of text.split(/\r?\n/).entries()) {
    const lineNumber = index + 1;
    const fail: (message: string) => never = (message) => {
      throw new FootballTxtError(file, lineNumber, message);
    };
    const hash = rawLine.indexOf('#');
    const line = (hash === -1 ? rawLine : rawLine.slice(0, hash)).trim();
    if (line === '') continue;

    const heading = TITLE.exec(line);
    if (heading) {
      if (title !== undefined) fail(`a second title "${line}" (one competition-season per file)`);
      title = (heading[1] ?? '').trim();
      years = seasonYears(title);
      continue;
    }

    const roundHeader = ROUND.exec(line);
    if (roundHeader) {
      round = (roundHeader[1] ?? '').trim();
      if (round === '') fail('a round header with no name');
      date = undefined;
      time = undefined;
      continue;
    }

    const dateLine = DATE.exec(line);
    if (dateLine) {
      const [, weekday = '', monthName = '', dayText = '', yearText] = dateLine;
      const month = MONTHS.indexOf(monthName as (typeof MONTHS)[number]) + 1;
      if (!WEEKDAYS.includes(weekday as (typeof WEEKDAYS)[number])) fail(`unknown weekday "${weekday}" in "${line}"`);
      if (month === 0) fail(`unknown month "${monthName}" in "${line}"`);
      const candidates = yearText !== undefined ? [Number(yearText)] : years;
      if (candidates.length === 0) fail(`the date "${line}" has no year and the title names no season`);
      const valid = candidates.flatMap((year) => {
        const iso = isoDate(year, month, Number(dayText));
        return iso === null ? [] : [iso];
      });
      if (valid.length === 0) fail(`"${line}" is not a calendar date`);
      const fitting = valid.filter((iso) => weekdayOf(iso) === weekday);
      if (fitting.length !== 1)
        fail(`"${line}": ${weekday} is not the weekday of ${monthName}/${dayText} in ${candidates.join(' or ')}`);
      date = fitting[0];
      time = undefined;
      if (yearText !== undefined && !years.includes(Number(yearText))) years = [...years, Number(yearText)];
      continue;
    }

    const matchLine = MATCH.exec(line);
    if (matchLine) {
      const [, hours, minutes, team1 = '', team2 = '', ft1, ft2, ht1, ht2, status] = matchLine;
      if (date === undefined) fail(`a match before any date line: "${line}"`);
      if (hours !== undefined) {
        if (Number(hours) > 23 || Number(minutes) > 59) fail(`"${hours}.${minutes}" is not a time of day`);
        time = `${hours.padStart(2, '0')}:${minutes}`;
      }
      for (const team of [team1, team2])
        if (!TEAM_NAME.test(team)) fail(`cannot read "${line}": "${team}" is not a team name (a malformed score?)`);
      let parsedStatus: (typeof STATUSES)[number] | undefined;
      if (status !== undefined) {
        parsedStatus = STATUSES.find((known) => known === status.trim().toLowerCase());
        if (parsedStatus === undefined) fail(`unknown status "[${status}]" (known: ${STATUSES.join(', ')})`);
      }
      const match: SourceMatch = {
        round,
        date,
        time,
        team1,
        team2,
        score:
          ft1 === undefined || ft2 === undefined
            ? undefined
            : {
                ft: [Number(ft1), Number(ft2)],
                ht: ht1 === undefined || ht2 === undefined ? undefined : [Number(ht1), Number(ht2)],
                et: undefined,
                p: undefined,
              },
        status: parsedStatus,
      };
      const checked = footballTxtMatchSchema.safeParse({ line: lineNumber, match });
      if (!checked.success) {
        const issue = checked.error.issues[0];
        fail(`"${line}": ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`.trim());
      } else matches.push(checked.data);
      continue;
    }

    fail(`not a title, round, date or match line: "${line}"`);
  }

  if (title === undefined) throw new FootballTxtError(file, 1, 'no "= Title" line');
  return footballTxtFileSchema.parse({ title, matches });
}
