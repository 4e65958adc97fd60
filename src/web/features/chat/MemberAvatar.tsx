import type { MemberCard } from "../../../common/schemas/user";
import { useSettings } from "../../api/settingsApi";

/** A member's round thumbnail, or the first letter of the name when there is no photo. Decorative: the name is always beside it. */
export function MemberAvatar({ member, size }: { member: MemberCard; size: number }) {
  const { cdn_prefix } = useSettings();
  if (member.main_image) {
    return (
      <img src={cdn_prefix + member.main_image.thumb_filename} alt="" width={size} height={size} className="chat-avatar rounded-circle object-fit-cover" />
    );
  }
  return (
    <span
      className="chat-avatar rounded-circle bg-secondary text-white d-inline-flex align-items-center justify-content-center fw-bold"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
      aria-hidden="true"
    >
      {Array.from(member.name)[0]?.toUpperCase()}
    </span>
  );
}
