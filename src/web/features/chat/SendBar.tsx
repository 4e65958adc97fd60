import { type KeyboardEvent, useRef, useState } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { MemberCard, User } from "../../../common/schemas/user";
import { ApiError } from "../../api/apiClient";
import { type ConversationRef, useSendMessage } from "../../api/chatApi";
import { useSettings } from "../../api/settingsApi";
import { sendSocketEvent } from "../../api/socketClient";
import { useResendActivation } from "../../api/userApi";
import { Icon } from "../../components/Icon";
import { PrefetchLink } from "../../components/PrefetchLink";
import { messageCost, voiceMessageCost } from "../../../common/messageCost";
import { GiftPicker } from "./GiftPicker";
import { IcebreakerModal } from "./IcebreakerModal";
import { PhotoButton } from "./PhotoButton";
import { SendButton } from "./SendButton";
import { useVoiceMessage } from "./useVoiceMessage";
import { VoiceButton } from "./VoiceButton";
import { VoiceRecordingBar } from "./VoiceRecordingBar";
import { isMoneySignal, type ScamKind } from "../../../common/scamSignals";
import { draftState, harassmentCheckOf, keyForSend, scamCheckOf, type SendAttempt, type SendProblem, sendProblemOf } from "./sendDraft";

interface Props {
  target: ConversationRef;
  partner: MemberCard;
  user: User;
  /** The conversation, once it exists: typing is signalled to the partner in it. */
  conversation: number | null;
  /** No message yet: offer icebreakers. */
  firstMessage: boolean;
  /** The partner has written in the conversation (until then, a message that looks insulting or sexual is asked about). */
  partnerAnswered: boolean;
}

/** The partner hears "typing" at most this often while the member types. */
const TYPING_SIGNAL_EVERY_MS = 2000;

/**
 * Writing a message: the text box (Enter sends, Shift+Enter a new line), the character counter, the
 * send button with the price, and above them what stands in the way (credits, premium, a closed conversation).
 */
export function SendBar({ target, partner, user, conversation, firstMessage, partnerAnswered }: Props) {
  const { t } = useTranslation();
  const settings = useSettings();
  const send = useSendMessage(target);
  const input = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState("");
  const [lastFailed, setLastFailed] = useState<SendAttempt | null>(null);
  const [problem, setProblem] = useState<{ kind: SendProblem; message: string } | null>(null);
  // The profile's gift button opens the conversation with ?gift=1: the catalogue opens at once.
  const [params] = useSearchParams();
  const [giftsOpen, setGiftsOpen] = useState(() => params.get("gift") === "1");
  const [icebreakersOpen, setIcebreakersOpen] = useState(false);
  // "Are you sure?": the scam signals of the text the sender tried to send; cleared when they edit it.
  const [scamCheck, setScamCheck] = useState<ScamKind[]>([]);
  // "Are you sure?" too for a text that looks insulting or sexual to a partner who has not written yet (issue 22).
  const [harassmentCheck, setHarassmentCheck] = useState(false);

  const lastTyping = useRef(0);
  const signalTyping = () => {
    if (conversation === null || Date.now() - lastTyping.current < TYPING_SIGNAL_EVERY_MS) return;
    lastTyping.current = Date.now();
    sendSocketEvent({ type: "typing", conversation });
  };

  const voiceCost = voiceMessageCost(settings);
  const voice = useVoiceMessage(target, { cost: voiceCost, credits: user.credits, onProblem: setProblem });
  const recording = voice.recorder.phase === "recording";

  const cost = messageCost(settings, user.profile.country);
  const max = settings.message_length;
  const draft = draftState(text, max);
  const lowCredits = user.credits < cost;
  const closed = problem?.kind === "closed";
  const canSend = !draft.empty && !draft.tooLong && !lowCredits && !closed;

  const submit = (sendAnyway = false) => {
    if (!canSend) return;
    const kinds = scamCheckOf(text, sendAnyway ? text.trim() : null);
    const harassing = harassmentCheckOf(text, sendAnyway ? text.trim() : null, {
      partnerAnswered,
      language: user.language,
      domainLanguage: settings.domain_language,
    });
    if (kinds.length > 0 || harassing) {
      setScamCheck(kinds);
      setHarassmentCheck(harassing);
      return;
    }
    setScamCheck([]);
    setHarassmentCheck(false);
    const sent = text;
    const idempotencyKey = keyForSend(lastFailed, sent);
    setText("");
    setProblem(null);
    // Back to the box after a click on the button, ready for the next message.
    input.current?.focus();
    send.mutate(
      { text: sent, idempotencyKey },
      {
        onSuccess: () => setLastFailed(null),
        onError: (error) => {
          // The text comes back to the box; sent again unchanged, it goes with the same key.
          setLastFailed({ text: sent, key: idempotencyKey });
          setText((current) => (current === "" ? sent : current));
          setProblem({ kind: sendProblemOf(error instanceof ApiError ? error.code : "internal"), message: error.message });
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="chat-footer">
      <div className="container chat-container px-2 px-sm-3 pt-2">
        {user.status === "not_confirmed" && <NotConfirmedNotice partnerName={partner.name} />}
        {closed ? (
          <Alert key="closed" variant="secondary" className="chat-alert" data-testid="chat-closed">
            {problem.message}
          </Alert>
        ) : problem?.kind === "premium" ? (
          <Alert key="premium" variant="warning" className="chat-alert d-flex flex-wrap align-items-center gap-2" data-testid="chat-premium-alert">
            <span className="me-auto">{problem.message}</span>
            <PrefetchLink to="/premium" className="btn btn-sm btn-primary">
              {t("nav.get_premium")}
            </PrefetchLink>
          </Alert>
        ) : lowCredits || problem?.kind === "credits" ? (
          <Alert key="credits" variant="warning" className="chat-alert d-flex flex-wrap align-items-center gap-2" data-testid="chat-credits-alert">
            <span className="me-auto">{problem?.kind === "credits" ? problem.message : t("chat.credits_low", { cost, credits: user.credits })}</span>
            <PrefetchLink to="/credits" className="btn btn-sm btn-primary">
              {t("chat.buy_credits")}
            </PrefetchLink>
          </Alert>
        ) : (
          problem && (
            <p key="error" className="text-danger small mb-2" role="alert" data-testid="chat-send-error">
              {problem.message}
              {voice.retry && (
                <Button variant="link" size="sm" className="p-0 ms-2 align-baseline" onClick={voice.retry} data-testid="chat-voice-retry">
                  {t("common.retry")}
                </Button>
              )}
            </p>
          )
        )}
        {(scamCheck.length > 0 || harassmentCheck) && (
          <Alert variant="info" className="chat-alert" data-testid={harassmentCheck ? "chat-harassment-check" : "chat-scam-check"}>
            <p className="fw-semibold mb-1">{t("chat.scam_check_title")}</p>
            {harassmentCheck && <p className="small mb-2">{t("chat.harassment_check", { name: partner.name })}</p>}
            {scamCheck.length > 0 && (
              <p className="small mb-2">{t(scamCheck.some(isMoneySignal) ? "chat.scam_check_money" : "chat.scam_check_contact", { name: partner.name })}</p>
            )}
            <div className="d-flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="primary"
                onClick={() => {
                  setScamCheck([]);
                  setHarassmentCheck(false);
                  input.current?.focus();
                }}
                data-testid="chat-scam-edit"
              >
                {t("chat.scam_edit")}
              </Button>
              <Button size="sm" variant="outline-secondary" onClick={() => submit(true)} data-testid="chat-scam-send">
                {t("chat.scam_send")}
              </Button>
            </div>
          </Alert>
        )}
        <Form
          className="chat-send-bar"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Form.Label htmlFor="chat-input" visuallyHidden>
            {t("chat.input_label", { name: partner.name })}
          </Form.Label>
          {recording ? (
            <VoiceRecordingBar key="voiceRecordingBar" recorder={voice.recorder} cost={voiceCost} />
          ) : (
            <div key="div" className="d-flex align-items-end gap-2">
              <Form.Control
                as="textarea"
                id="chat-input"
                ref={input}
                className="chat-input"
                rows={1}
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  setScamCheck([]);
                  setHarassmentCheck(false);
                  signalTyping();
                }}
                onKeyDown={onKeyDown}
                placeholder={t("chat.placeholder")}
                disabled={closed}
                isInvalid={draft.tooLong}
                aria-describedby="chat-counter chat-hint"
                data-testid="chat-input"
              />
              <SendButton type="submit" cost={cost} disabled={!canSend} data-testid="chat-send" />
            </div>
          )}
          {/* One line under the box, which so gets the width: photo and gift, icebreakers (no message yet), the keyboard hint (desktop) and the counter. */}
          <div className="chat-tools d-flex align-items-center gap-2 small text-body-secondary">
            <PhotoButton target={target} cost={settings.photo_credits} credits={user.credits} disabled={closed || recording} onProblem={setProblem} />
            <VoiceButton voice={voice} cost={voiceCost} disabled={closed} />
            <Button
              variant="outline-primary"
              size="sm"
              className="chat-gift-button"
              onClick={() => setGiftsOpen(true)}
              disabled={closed || recording}
              aria-label={t("chat.gift_open")}
              title={t("chat.gift_open")}
              data-testid="chat-gift-button"
            >
              <Icon name="gift" size={18} />
            </Button>

            {firstMessage && !closed && !recording && (
              <button type="button" className="btn btn-link btn-sm p-0 chat-icebreaker" onClick={() => setIcebreakersOpen(true)} data-testid="icebreaker-open">
                {t("chat.icebreaker_open")}
              </button>
            )}
            <span id="chat-hint" className={recording ? "d-none" : "d-none d-md-inline"}>
              {t("chat.hint")}
            </span>
            <span
              id="chat-counter"
              className={`ms-auto${draft.tooLong ? " text-danger fw-semibold" : ""}${recording ? " invisible" : ""}`}
              data-testid="chat-counter"
            >
              <span aria-hidden="true">
                {draft.length}/{max}
              </span>
              <span className="visually-hidden">{t("chat.counter", { length: draft.length, max })}</span>
            </span>
          </div>
        </Form>
        <IcebreakerModal
          show={icebreakersOpen}
          onClose={() => setIcebreakersOpen(false)}
          onChoose={(line) => {
            setText(line);
            input.current?.focus();
          }}
        />
        <GiftPicker show={giftsOpen} onClose={() => setGiftsOpen(false)} target={target} partnerName={partner.name} credits={user.credits} />
      </div>
    </div>
  );
}

/** A member whose address is not confirmed can write, but nobody can answer them yet (spec section 4). */
function NotConfirmedNotice({ partnerName }: { partnerName: string }) {
  const { t } = useTranslation();
  const resend = useResendActivation();
  return (
    <Alert variant="warning" className="chat-alert d-flex flex-wrap align-items-center gap-2" data-testid="chat-not-confirmed">
      <span className="me-auto">{t("chat.not_confirmed", { name: partnerName })}</span>
      {resend.isSuccess ? (
        <span key="span" className="small fw-semibold" role="status">
          {t("activate.resent")}
        </span>
      ) : (
        <Button key="button" size="sm" variant="outline-dark" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {t("activate.resend")}
        </Button>
      )}
      {resend.error && (
        <span className="small text-danger w-100" role="alert">
          {resend.error.message}
        </span>
      )}
    </Alert>
  );
}
