import { useEffect, useRef, useState } from "react";
import { Photo } from "../components/Photo";
import { Container, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { LANDER_PROFILES } from "../../common/landers";
import type { LanderProfile } from "../../common/schemas/landers";
import { useLanderProfiles } from "../api/landersApi";
import { useSettings } from "../api/settingsApi";
import { LanderCta } from "../features/landers/LanderCta";
import { photoUrl } from "../features/landers/photoUrl";
import { useLanderNiche } from "../features/landers/useLanderNiche";
import { SignupLink } from "../features/signup/SignupLink";
import { SwipeButtons } from "../features/swipe/SwipeButtons";
import { SwipeCard } from "../features/swipe/SwipeCard";
import type { SwipeAction } from "../features/swipe/swipeLogic";
import { useSwipeKeys } from "../features/swipe/useSwipeKeys";
import "../features/landers/landers.scss";

/** A visitor may like this many before the page asks them to sign up (the members' swipe game allows 4 a day). */
const LIKES_BEFORE_SIGNUP = 3;
const LEAVE_MS = 350;

/**
 * /landers/tinderswipe: the swipe game for visitors, on the site's niche. Cards go right (like) or left
 * (pass) by drag, buttons or arrow keys; after three likes the page offers the signup to write to the
 * last one liked. Nothing is stored for a visitor: the likes are a taste of the game.
 */
export function TinderSwipeLanderPage() {
  const { t } = useTranslation();
  const niche = useLanderNiche();
  const { cdn_prefix } = useSettings();
  const lander = useLanderProfiles(niche, LANDER_PROFILES.tinderswipe.count);
  const [index, setIndex] = useState(0);
  const [liked, setLiked] = useState<LanderProfile[]>([]);
  const [leaving, setLeaving] = useState<{ card: LanderProfile; action: SwipeAction; from: { x: number; y: number } } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const profiles = lander.data?.profiles ?? [];
  const stack = profiles.slice(index);
  const done = liked.length >= LIKES_BEFORE_SIGNUP || (lander.isSuccess && stack.length === 0);
  const last = liked.at(-1);

  const swipe = (action: SwipeAction, from = { x: 0, y: 0 }): boolean => {
    const card = stack[0];
    if (!card || done) return false;
    setLeaving({ card, action, from });
    setIndex((i) => i + 1);
    if (action === "like") setLiked((l) => [...l, card]);
    setAnnouncement(t(action === "like" ? "swipe.liked" : "swipe.passed", { name: card.name }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setLeaving(null), LEAVE_MS);
    return true;
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  // Arrow keys play too, except while a dialog (the signup, the entry warning) is open.
  useSwipeKeys(swipe, () => document.querySelector(".modal.show") !== null);

  const top = stack[0];
  return (
    <div className="lander lander-tinderswipe lander-band" data-testid="lander-tinderswipe">
      <Container className="py-4 swipe-page">
        <div className="text-center mb-3">
          <h1 className="lander-title fw-bold h2">{t(`landers.niche.${niche}.headline`)}</h1>
          <p className="mb-0">{t("landers.tinderswipe.intro", { count: LIKES_BEFORE_SIGNUP })}</p>
        </div>
        {lander.isPending ? (
          // The stack's place, of its size, with the buttons under it: nothing moves when the cards arrive.
          <>
            <section className="swipe-stack mx-auto" aria-busy="true">
              <div className="swipe-card swipe-card-empty">
                <Spinner aria-label={t("common.loading")} />
              </div>
            </section>
            <SwipeButtons top={undefined} onSwipe={() => {}} />
            <p className="text-center small text-body-secondary mt-3 d-none d-md-block">{t("swipe.keyboard_hint")}</p>
          </>
        ) : done && !leaving ? (
          <div className="card border-0 shadow text-center mx-auto swipe-empty" data-testid="tinderswipe-done">
            <div className="card-body p-4">
              {last && photoUrl(cdn_prefix, last, "square") && (
                <Photo
                  src={photoUrl(cdn_prefix, last, "square") ?? ""}
                  alt=""
                  sizes="120px"
                  width={120}
                  height={120}
                  className="rounded-circle object-fit-cover mb-3 shadow"
                />
              )}
              <h2 className="h4">{last ? t("landers.tinderswipe.done_title", { name: last.name }) : t("landers.tinderswipe.none_title")}</h2>
              <p className="text-body-secondary">{t("landers.tinderswipe.done_text")}</p>
              <LanderCta member={last ? { id: last.id, name: last.name } : undefined}>
                {last ? t("landers.write_to", { name: last.name }) : undefined}
              </LanderCta>
              {liked.length > 1 && (
                <ul className="list-inline mt-3 mb-0 small">
                  {liked.slice(0, -1).map((p) => (
                    <li key={p.id} className="list-inline-item">
                      <SignupLink member={{ id: p.id, name: p.name }} testId="lander-profile">
                        {t("landers.write_to", { name: p.name })}
                      </SignupLink>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        ) : (
          <>
            <section className="swipe-stack mx-auto" aria-label={t("swipe.stack")}>
              {stack
                .slice(0, 3)
                .map((card, depth) => <SwipeCard key={card.id} member={card} depth={depth} onSwipe={depth === 0 ? swipe : undefined} />)
                .reverse()}
              {leaving && <SwipeCard key={`leaving-${leaving.card.id}`} member={leaving.card} depth={0} leaving={leaving} />}
            </section>
            <SwipeButtons top={top} onSwipe={(action) => swipe(action)} />
            <p className="text-center small text-body-secondary mt-3 d-none d-md-block">{t("swipe.keyboard_hint")}</p>
          </>
        )}
        <p className="text-center small mt-3 mb-0">{t("landers.free_note")}</p>
        <div className="visually-hidden" aria-live="polite">
          {announcement}
        </div>
      </Container>
    </div>
  );
}
