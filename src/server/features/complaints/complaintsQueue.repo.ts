import { and, asc, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { complaintMessages, complaints, operators, sites } from "../../db/schema";

const QUEUE_SIZE = 100;

/** Complaints waiting (not closed) or closed, the oldest first, with the site and the operator assigned. */
export async function queuedComplaints(db: Db, show: "waiting" | "closed") {
  return db
    .select({ c: complaints, site: sites.domain, assignedEmail: operators.email })
    .from(complaints)
    .innerJoin(sites, eq(sites.id, complaints.siteId))
    .leftJoin(operators, eq(operators.id, complaints.assignedTo))
    .where(show === "closed" ? eq(complaints.status, "closed") : ne(complaints.status, "closed"))
    .orderBy(asc(complaints.createdAt), asc(complaints.id))
    .limit(QUEUE_SIZE);
}

export async function answersOf(db: Db, complaintIds: number[]) {
  if (complaintIds.length === 0) return [];
  return db
    .select({ m: complaintMessages, operator: operators.email })
    .from(complaintMessages)
    .innerJoin(operators, eq(operators.id, complaintMessages.operatorId))
    .where(and(inArray(complaintMessages.complaintId, complaintIds), isNotNull(complaintMessages.id)))
    .orderBy(asc(complaintMessages.id));
}

/** The complaint with its site, locked for the change the caller makes. */
export async function lockComplaint(db: Db, id: number) {
  const [row] = await db
    .select({ c: complaints, site: sites })
    .from(complaints)
    .innerJoin(sites, eq(sites.id, complaints.siteId))
    .where(eq(complaints.id, id))
    .for("update", { of: complaints });
  return row ?? null;
}

export async function updateComplaint(db: Db, id: number, values: Partial<typeof complaints.$inferInsert>): Promise<void> {
  await db.update(complaints).set(values).where(eq(complaints.id, id));
}

export async function insertAnswer(db: Db, values: typeof complaintMessages.$inferInsert): Promise<number> {
  const [row] = await db.insert(complaintMessages).values(values).returning({ id: complaintMessages.id });
  return row.id;
}
