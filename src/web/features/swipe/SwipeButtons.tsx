import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { MemberCard } from "../../../common/schemas/user";
import { Icon } from "../../components/Icon";
import type { SwipeAction } from "./swipeLogic";

interface Props {
  /** The card on top of the stack, or none. */
  top: MemberCard | undefined;
  onSwipe(action: SwipeAction): void;
  /** No more likes (the day's limit). */
  likeDisabled?: boolean;
  /** Between the two buttons (the swipe game's "view profile"). */
  children?: ReactNode;
}

/** Pass and like under a swipe stack, named after the member on top for screen readers. */
export function SwipeButtons({ top, onSwipe, likeDisabled = false, children }: Props) {
  const { t } = useTranslation();
  return (
    <div className="d-flex justify-content-center align-items-center gap-4 mt-4 swipe-buttons">
      <button type="button" className="swipe-button swipe-button-pass" onClick={() => onSwipe("pass")} disabled={!top} data-testid="swipe-pass">
        <Icon name="close" size={32} />
        <span className="visually-hidden">{top ? t("swipe.pass_name", { name: top.name }) : t("swipe.pass")}</span>
      </button>
      {children}
      <button type="button" className="swipe-button swipe-button-like" onClick={() => onSwipe("like")} disabled={!top || likeDisabled} data-testid="swipe-like">
        <Icon name="heart" size={32} />
        <span className="visually-hidden">{top ? t("swipe.like_name", { name: top.name }) : t("swipe.like")}</span>
      </button>
    </div>
  );
}
