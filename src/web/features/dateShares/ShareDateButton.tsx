import { useState } from "react";
import { Alert, Button, Form, InputGroup, ListGroup, Modal, Spinner } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import {
  DATE_SHARE_HOURS_AFTER,
  DATE_SHARE_MAX_DAYS_AHEAD,
  DATE_SHARE_MAX_HOURS_BEFORE,
  DATE_SHARE_NOTE_MAX_LENGTH,
  DATE_SHARE_PLACE_MAX_LENGTH,
} from "../../../common/constants";
import { dateShareTimeProblem } from "../../../common/dateShareRules";
import type { DateShare } from "../../../common/schemas/dateShares";
import { ApiError } from "../../api/apiClient";
import { useCreateDateShare, useDateShares, useRevokeDateShare } from "../../api/dateSharesApi";
import { Icon } from "../../components/Icon";
import { useFormats } from "../../i18n/formats";
import { browserTimeZone, DATE_TIME_LONG, fromLocalInput, toLocalInput } from "./localDateTime";

const HOUR = 3_600_000;

/**
 * "Share my date" in a conversation's header: a form for the place, the time (on the member's own
 * clock) and a note, which makes a link to send a friend; the link is shown once, to copy or share,
 * and the member's working links of the conversation are listed with "Revoke".
 */
export function ShareDateButton({ conversation, name }: { conversation: number; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="link"
        className="chat-report text-body-secondary"
        onClick={() => setOpen(true)}
        aria-label={t("date_share.action")}
        title={t("date_share.action")}
        data-testid="share-date"
      >
        <Icon name="pin" size={22} />
      </Button>
      {open && <ShareDateModal conversation={conversation} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}

function ShareDateModal({ conversation, name, onClose }: { conversation: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const create = useCreateDateShare(conversation);
  const shares = useDateShares(conversation, true);
  const [place, setPlace] = useState("");
  const [when, setWhen] = useState("");
  const [note, setNote] = useState("");
  const [timeError, setTimeError] = useState<string | null>(null);
  const startsAt = fromLocalInput(when);
  const now = Date.now();
  const fieldErrors: Record<string, string> = create.error instanceof ApiError ? create.error.fields : {};
  // The server's setting, once the list is in (the product's default until then).
  const hoursAfter = shares.data?.hours_after ?? DATE_SHARE_HOURS_AFTER;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!startsAt || dateShareTimeProblem(startsAt, new Date())) {
      setTimeError(t("errors.date_share_time", { hours: DATE_SHARE_MAX_HOURS_BEFORE, days: DATE_SHARE_MAX_DAYS_AHEAD }));
      return;
    }
    setTimeError(null);
    create.mutate({ place: place.trim(), starts_at: startsAt.toISOString(), note: note.trim() || undefined });
  };

  return (
    <Modal show onHide={onClose} centered scrollable aria-labelledby="share-date-title" data-testid="share-date-modal">
      <Modal.Header closeButton closeLabel={t("common.close")}>
        <Modal.Title id="share-date-title" className="h5">
          {t("date_share.title")}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {create.data ? (
          <CreatedLink url={create.data.url} name={name} share={create.data.share} onAnother={() => create.reset()} />
        ) : (
          <Form onSubmit={submit} noValidate data-testid="share-date-form">
            <p className="small text-body-secondary">{t("date_share.intro", { name, hours: hoursAfter })}</p>
            <Form.Group className="mb-3" controlId="share-date-place">
              <Form.Label>{t("date_share.place")}</Form.Label>
              <Form.Control
                value={place}
                onChange={(e) => setPlace(e.target.value)}
                maxLength={DATE_SHARE_PLACE_MAX_LENGTH}
                required
                autoComplete="off"
                isInvalid={Boolean(fieldErrors.place)}
                aria-describedby="share-date-place-hint"
              />
              <Form.Text id="share-date-place-hint">{t("date_share.place_hint")}</Form.Text>
              <Form.Control.Feedback type="invalid">{fieldErrors.place}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-3" controlId="share-date-when">
              <Form.Label>{t("date_share.when")}</Form.Label>
              <Form.Control
                type="datetime-local"
                value={when}
                onChange={(e) => setWhen(e.target.value)}
                min={toLocalInput(new Date(now - DATE_SHARE_MAX_HOURS_BEFORE * HOUR))}
                max={toLocalInput(new Date(now + DATE_SHARE_MAX_DAYS_AHEAD * 24 * HOUR))}
                required
                isInvalid={Boolean(timeError ?? fieldErrors.starts_at)}
                aria-describedby="share-date-when-hint"
              />
              <Form.Text id="share-date-when-hint" data-testid="share-date-when-preview">
                {startsAt ? `${formats.date(startsAt, DATE_TIME_LONG)} · ` : ""}
                {t("date_share.when_hint", { zone: browserTimeZone() })}
              </Form.Text>
              <Form.Control.Feedback type="invalid">{timeError ?? fieldErrors.starts_at}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-3" controlId="share-date-note">
              <Form.Label>{t("date_share.note")}</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                maxLength={DATE_SHARE_NOTE_MAX_LENGTH}
                placeholder={t("date_share.note_hint")}
              />
            </Form.Group>
            {create.isError && Object.keys(fieldErrors).length === 0 && <Alert variant="danger">{create.error.message}</Alert>}
            <Button type="submit" disabled={create.isPending || place.trim() === "" || when === ""} data-testid="share-date-create">
              {create.isPending && <Spinner size="sm" className="me-2" />}
              {t("date_share.create")}
            </Button>
          </Form>
        )}
        <ActiveShares conversation={conversation} shares={shares.data?.shares ?? []} />
      </Modal.Body>
    </Modal>
  );
}

/** The new link, shown once: to copy, or to share through the phone's share sheet where there is one. */
function CreatedLink({ url, name, share, onAnother }: { url: string; name: string; share: DateShare; onAnother: () => void }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const [copied, setCopied] = useState<boolean | null>(null);
  const canShare = typeof navigator.share === "function";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const shareLink = async () => {
    try {
      await navigator.share({ title: t("date_share.page_title"), text: t("date_share.share_text", { name }), url });
    } catch (err) {
      // Closing the share sheet is no failure; anything else falls back to copying.
      if ((err as Error).name !== "AbortError") await copy();
    }
  };
  return (
    <div data-testid="share-date-created">
      <Alert variant="success">{t("date_share.link_ready")}</Alert>
      <Form.Label htmlFor="share-date-link">{t("date_share.link_label")}</Form.Label>
      <InputGroup className="mb-2">
        <Form.Control id="share-date-link" value={url} readOnly onFocus={(e) => e.target.select()} data-testid="share-date-link" />
        <Button variant="outline-primary" onClick={() => void copy()} data-testid="share-date-copy">
          {t("date_share.copy")}
        </Button>
      </InputGroup>
      {copied === true && (
        <p className="small text-success" role="status">
          {t("date_share.copied")}
        </p>
      )}
      {copied === false && (
        <p className="small text-danger" role="alert">
          {t("date_share.copy_failed")}
        </p>
      )}
      <p className="small text-body-secondary mb-2">
        {share.place} · {formats.date(share.starts_at, DATE_TIME_LONG)}
      </p>
      <div className="d-flex flex-wrap gap-2">
        {canShare && (
          <Button onClick={() => void shareLink()} data-testid="share-date-share">
            {t("date_share.share")}
          </Button>
        )}
        <Button variant="outline-secondary" onClick={onAnother}>
          {t("date_share.create")}
        </Button>
      </div>
    </div>
  );
}

function ActiveShares({ conversation, shares }: { conversation: number; shares: DateShare[] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const revoke = useRevokeDateShare(conversation);
  return (
    <section className="mt-4" aria-labelledby="share-date-active" data-testid="share-date-active">
      <h2 id="share-date-active" className="h6">
        {t("date_share.active")}
      </h2>
      {revoke.isSuccess && (
        <p className="small text-success" role="status">
          {t("date_share.revoked")}
        </p>
      )}
      {revoke.isError && <Alert variant="danger">{revoke.error.message}</Alert>}
      {shares.length === 0 ? (
        <p key="p" className="small text-body-secondary mb-0">
          {t("date_share.none")}
        </p>
      ) : (
        <ListGroup key="listGroup">
          {shares.map((s) => (
            <ListGroup.Item key={s.id} className="d-flex align-items-start gap-2" data-testid="share-date-item">
              <div className="flex-grow-1 min-w-0">
                <div className="fw-semibold text-break">{s.place}</div>
                <div className="small">{formats.date(s.starts_at, DATE_TIME_LONG)}</div>
                <div className="small text-body-secondary">{t("date_share.works_until", { date: formats.dateTime(s.expires_at) })}</div>
              </div>
              <Button
                variant="outline-danger"
                size="sm"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(s.id)}
                aria-label={t("date_share.revoke_label", { place: s.place })}
                data-testid="share-date-revoke"
              >
                {t("date_share.revoke")}
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}
