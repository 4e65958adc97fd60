import { useEffect, useState } from "react";

// What is written in the member's own time zone (a message's time, "today" or a date) is the
// browser's to write: the server renders a member's first page (ssr.tsx) in its own zone, which is
// not the member's. Such parts are left empty in the server's markup and while the app takes it over
// (hydrates it: main.tsx), and written right after; everywhere else at once.

let takingOver = false;

/** main.tsx: the app is taking over the server's markup (true), or has (false). */
export function setTakingOver(value: boolean): void {
  takingOver = value;
}

/** Whether this render may write local times: not on the server, not while taking its markup over. */
export function useLocalTime(): boolean {
  const [may, setMay] = useState(() => typeof window !== "undefined" && !takingOver);
  useEffect(() => {
    if (!may) setMay(true);
  }, [may]);
  return may;
}
