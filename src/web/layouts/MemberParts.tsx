import { ChatsSync } from "../features/chat/ChatsSync";
import { LikeModal } from "../features/members/LikeModal";
import { LikesSync } from "../features/members/LikesSync";
import { TimeBonusModal } from "../features/payments/TimeBonusModal";

/** The default layout's parts for members: chats and likes kept in sync, the like modal, the time bonus. */
export function MemberParts() {
  return (
    <>
      <ChatsSync />
      <LikesSync />
      <LikeModal />
      <TimeBonusModal />
    </>
  );
}
