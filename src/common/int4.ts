/** The largest PostgreSQL integer (int4): ids, and cursors made of ids, never go beyond it. */
export const INT4_MAX = 2_147_483_647;
