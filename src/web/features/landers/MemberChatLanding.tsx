import type { FormEvent } from "react";
import { Photo } from "../../components/Photo";
import { Container } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { SIGNUP_MESSAGE_MAX_LENGTH } from "../../../common/constants";
import type { Niche } from "../../../common/landers";
import type { MemberView } from "../../../common/schemas/members";
import { useSettings } from "../../api/settingsApi";
import { useUser } from "../../api/userApi";
import { Icon } from "../../components/Icon";
import { useSignupModal } from "../../stores/signupModalStore";
import { readDraft, saveDraft } from "../signup/signupDraft";
import { LanderCta } from "./LanderCta";
import { photoUrl } from "./photoUrl";

/**
 * /members/{id}/landing2: a conversation about to start. The member's own text opens it (nothing is
 * put in their mouth); what the visitor types becomes their first message in the signup.
 */
export function MemberChatLanding({ view, niche }: { view: MemberView; niche: Niche }) {
  const { t } = useTranslation();
  const { cdn_prefix } = useSettings();
  const user = useUser();
  const open = useSignupModal((s) => s.open);
  const p = view.profile;
  const avatar = photoUrl(cdn_prefix, p, "square");
  const photos = view.photos.filter((ph) => !ph.locked).slice(0, 2);

  // The field is the page's own (not held in state): what is typed before the app takes the page over
  // (the server renders it, the app runs on the first touch) is what is sent.
  const send = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const text = String(new FormData(e.currentTarget).get("reply") ?? "");
    // The message waits in the signup form (kept for this tab) until the account exists.
    saveDraft("account", { ...readDraft("account"), signup_message: text.trim() });
    open({ member: { id: p.id, name: p.name } });
  };

  return (
    <div className="lander lander-member-chat lander-band" data-testid="member-landing2">
      <Container className="py-4 py-md-5">
        <p className="text-center small fw-semibold text-uppercase mb-1">{t(`landers.niche.${niche}.headline`)}</p>
        <h1 className="lander-title fw-bold text-center h2 mb-4">{t("landers.member.chat_title", { name: p.name })}</h1>
        <div className="lander-phone mx-auto">
          <div className="lander-phone-head d-flex align-items-center gap-2">
            {avatar && <Photo src={avatar} alt="" sizes="44px" width={44} height={44} className="rounded-circle object-fit-cover" />}
            <div>
              <div className="fw-semibold">
                {p.name}
                {p.age !== null && `, ${p.age}`}
              </div>
              {p.city && <div className="small opacity-75">{p.city}</div>}
            </div>
          </div>
          <div className="lander-phone-body">
            {p.personal_text && (
              <div className="lander-bubble">
                <span className="visually-hidden">{t("landers.member.their_words", { name: p.name })} </span>
                {p.personal_text}
              </div>
            )}
            {photos.map((ph) => (
              <Photo
                key={ph.id}
                src={cdn_prefix + ph.thumb}
                sizes="180px"
                alt={t("landers.member.photo_of", { name: p.name })}
                className="lander-bubble-photo"
                width={180}
                height={225}
              />
            ))}
          </div>
          {user ? (
            <div key="div" className="p-3 text-center">
              <LanderCta member={{ id: p.id, name: p.name }} className="btn btn-primary w-100" />
            </div>
          ) : (
            <form key="form" className="lander-phone-reply d-flex gap-2" onSubmit={send}>
              <label htmlFor="landing-reply" className="visually-hidden">
                {t("signup.first_message", { name: p.name })}
              </label>
              <input
                id="landing-reply"
                className="form-control"
                name="reply"
                maxLength={SIGNUP_MESSAGE_MAX_LENGTH}
                placeholder={t("landers.member.reply_placeholder", { name: p.name })}
                data-testid="landing-reply"
              />
              <button type="submit" className="btn btn-primary d-inline-flex align-items-center" data-testid="landing-reply-send">
                <Icon name="send" size={20} />
                <span className="visually-hidden">{t("landers.member.send")}</span>
              </button>
            </form>
          )}
        </div>
        <p className="text-center small mt-3 mb-0">{t("landers.free_note")}</p>
      </Container>
    </div>
  );
}
