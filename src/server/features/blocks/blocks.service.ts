import { and, desc, eq, or } from "drizzle-orm";
import type { MemberCard } from "../../../common/schemas/user";
import type { Db } from "../../db/client";
import { blocks, likes } from "../../db/schema";
import { AppError } from "../../errors";
import type { MembersService } from "../members/members.service";
import { findVisibleProfile, type Viewer } from "../members/visibility";

/** Blocking: blocked members no longer see or contact each other, and their likes are gone. */
export class BlocksService {
  constructor(
    private readonly db: Db,
    private readonly members: MembersService,
  ) {}

  async block(viewer: Viewer & { id: number }, target: number): Promise<void> {
    if (target === viewer.id) throw new AppError(400, "cannot_block_self");
    // A member who blocked you can still be blocked back: only an unknown member is refused.
    await findVisibleProfile(this.db, viewer, target).catch((err: unknown) => {
      if (!(err instanceof AppError && err.code === "blocked_by")) throw err;
    });
    await this.db.transaction(async (tx) => {
      await tx.insert(blocks).values({ blockerId: viewer.id, blockedId: target }).onConflictDoNothing();
      await tx
        .delete(likes)
        .where(or(and(eq(likes.likerId, viewer.id), eq(likes.likedId, target)), and(eq(likes.likerId, target), eq(likes.likedId, viewer.id))));
    });
  }

  async unblock(memberId: number, target: number): Promise<void> {
    await this.db.delete(blocks).where(and(eq(blocks.blockerId, memberId), eq(blocks.blockedId, target)));
  }

  /** Members the member has blocked, newest first. */
  async list(memberId: number): Promise<MemberCard[]> {
    const rows = await this.db.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, memberId)).orderBy(desc(blocks.createdAt));
    const cards = await this.members.cards(
      rows.map((r) => r.id),
      null,
      true,
    );
    return rows.flatMap((r) => cards.get(r.id) ?? []);
  }
}
