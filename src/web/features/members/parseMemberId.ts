/** Largest id the API accepts (a PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

/** The member id of a route parameter, or null when it cannot be one (the page is then a 404). */
export function parseMemberId(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,9}$/.test(param)) return null;
  const id = Number(param);
  return id <= MAX_ID ? id : null;
}
