import { type CSSProperties, type PointerEvent, useEffect, useRef, useState } from "react";
import { PHOTO_SLOTS } from "../../../common/photoSizes";
import { Photo } from "../../components/Photo";
import { useTranslation } from "react-i18next";
import type { MemberCard } from "../../../common/schemas/user";
import { useSettings } from "../../api/settingsApi";
import { dragTransform, stampOpacity, type SwipeAction, swipeDecision } from "./swipeLogic";

interface Props {
  member: MemberCard;
  /** Position in the stack: 0 is the top card, the ones below peek out smaller. */
  depth: number;
  /** Only the top card can be dragged; returns false when the swipe is refused (it snaps back). */
  onSwipe?(action: SwipeAction, from: { x: number; y: number }): boolean;
  /** A card on its way out after a swipe: it flies off to that side from where it was let go. */
  leaving?: { action: SwipeAction; from: { x: number; y: number } };
}

/** One card of the swipe game, draggable with mouse, pen or finger. */
export function SwipeCard({ member, depth, onSwipe, leaving }: Props) {
  const { t } = useTranslation();
  const { cdn_prefix } = useSettings();
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const [drag, setDrag] = useState<{ x: number; y: number; width: number } | null>(null);
  const [gone, setGone] = useState(false);

  // The leaving card first renders where it was let go, then (next frame) moves away, so it animates.
  useEffect(() => {
    if (!leaving) return;
    const frame = requestAnimationFrame(() => setGone(true));
    return () => cancelAnimationFrame(frame);
  }, [leaving]);

  let style: CSSProperties;
  let stamps = { like: 0, pass: 0 };
  if (leaving) {
    const away = (leaving.action === "like" ? 1 : -1) * Math.max(window.innerWidth, 600);
    style = { transform: dragTransform(gone ? away : leaving.from.x, leaving.from.y), opacity: gone ? 0 : 1 };
    stamps = leaving.action === "like" ? { like: 1, pass: 0 } : { like: 0, pass: 1 };
  } else if (drag) {
    style = { transform: dragTransform(drag.x, drag.y), transition: "none" };
    stamps = stampOpacity(drag.x, drag.width);
  } else {
    style = { transform: `translateY(${depth * 12}px) scale(${1 - depth * 0.05})` };
  }

  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (!onSwipe || (e.pointerType === "mouse" && e.button !== 0)) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
    setDrag({ x: 0, y: 0, width: e.currentTarget.offsetWidth });
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current?.id !== e.pointerId) return;
    // Mostly sideways: the card follows the finger horizontally and only a little vertically.
    const { x, y } = start.current;
    setDrag((d) => d && { ...d, x: e.clientX - x, y: (e.clientY - y) * 0.25 });
  };
  const up = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current?.id !== e.pointerId || !drag) return;
    start.current = null;
    const action = swipeDecision(drag.x, drag.width);
    if (!(action && onSwipe?.(action, { x: drag.x, y: drag.y }))) setDrag(null);
  };
  const cancel = () => {
    start.current = null;
    setDrag(null);
  };

  const photo = member.main_image ? cdn_prefix + member.main_image.match : null;
  return (
    <div
      className={`swipe-card${onSwipe ? " is-top" : ""}${leaving ? " is-leaving" : ""}`}
      style={{ ...style, zIndex: leaving ? 10 : 5 - depth }}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={cancel}
      aria-hidden={depth > 0 || Boolean(leaving)}
      data-testid={onSwipe ? "swipe-card" : undefined}
    >
      {photo ? (
        <Photo
          key="photo"
          src={photo}
          alt={member.name}
          sizes={PHOTO_SLOTS.swipeCard}
          draggable={false}
          width={400}
          height={400}
          fetchPriority={depth === 0 && !leaving ? "high" : undefined}
        />
      ) : (
        <div key="div" className="swipe-card-empty" aria-hidden="true">
          {member.name.slice(0, 1).toUpperCase()}
        </div>
      )}
      <span className="swipe-stamp swipe-stamp-like" style={{ opacity: stamps.like }} aria-hidden="true">
        {t("swipe.stamp_like")}
      </span>
      <span className="swipe-stamp swipe-stamp-pass" style={{ opacity: stamps.pass }} aria-hidden="true">
        {t("swipe.stamp_pass")}
      </span>
      <div className="swipe-card-caption">
        <div className="h4 mb-0 text-truncate">
          {member.name}
          {member.age !== null && <span className="fw-normal">{`, ${member.age}`}</span>}
        </div>
        {member.city && <div className="small opacity-75 text-truncate">{member.city}</div>}
      </div>
    </div>
  );
}
