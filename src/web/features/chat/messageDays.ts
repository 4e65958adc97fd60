// Dates of a conversation in the member's own time zone: day separators and list times.

/** The local calendar day of a timestamp, as YYYY-MM-DD. */
export function localDay(value: string | Date): string {
  const date = new Date(value);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface DayGroup<M> {
  /** Local day, YYYY-MM-DD. */
  day: string;
  messages: M[];
}

/** Messages (oldest first) cut into runs of the same local day, for the day separators. */
export function groupByDay<M extends { created_at: string }>(messages: readonly M[]): DayGroup<M>[] {
  const groups: DayGroup<M>[] = [];
  for (const message of messages) {
    const day = localDay(message.created_at);
    const last = groups.at(-1);
    if (last?.day === day) last.messages.push(message);
    else groups.push({ day, messages: [message] });
  }
  return groups;
}

/** How a day separator names its day. */
export function dayLabelKind(day: string, now: Date): "today" | "yesterday" | "date" {
  if (day === localDay(now)) return "today";
  if (day === localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1))) return "yesterday";
  return "date";
}

/** The local midnight of a YYYY-MM-DD day, for formatting it. */
export function dayDate(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y, m - 1, d);
}

/** A conversation list time: the time of day for today, else the short date. */
export function listTimeOptions(value: string, now: Date): Intl.DateTimeFormatOptions {
  return localDay(value) === localDay(now) ? { timeStyle: "short" } : { dateStyle: "short" };
}
