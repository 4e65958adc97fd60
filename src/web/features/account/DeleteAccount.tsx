import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card, Form, Modal } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { REACTIVATION_WINDOW_DAYS } from "../../../common/constants";
import { DELETION_REASONS, type DeleteAccount as DeleteInput, type DeletionReason } from "../../../common/schemas/account";
import { call } from "../../api/apiClient";
import { useSaveProfile } from "../../api/profileApi";
import { useCompanyInfo, useSettings } from "../../api/settingsApi";
import { useUser } from "../../api/userApi";
import { PrefetchLink } from "../../components/PrefetchLink";
import { useDiscountStore } from "../../stores/discountStore";

type Step = "alternatives" | "reason";

/** The delete-account flow (spec section 2): alternatives first, then a reason and the password; then /account-deleted. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const company = useCompanyInfo();
  const settings = useSettings();
  const user = useUser();
  const saveProfile = useSaveProfile();
  const setCode = useDiscountStore((s) => s.setCode);
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>("alternatives");
  const [reason, setReason] = useState<DeletionReason | null>(null);
  const [detail, setDetail] = useState("");
  const [password, setPassword] = useState("");
  const offer = useMutation({ mutationFn: () => call("POST /api/delete-offer.php") });
  const remove = useMutation({ mutationFn: (input: DeleteInput) => call("POST /api/account-delete.php", { body: input }) });
  const percent = company.data?.delete_discount ?? 0;

  const close = () => {
    setOpen(false);
    setStep("alternatives");
    remove.reset();
  };
  const stay = () =>
    offer.mutate(undefined, {
      onSuccess: (code) => {
        setCode(code.code);
        close();
        navigate("/credits");
      },
    });
  const goInvisible = () => saveProfile.mutate({ invisible: true }, { onSuccess: close });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    remove.mutate(
      { reason, password, ...(detail.trim() ? { detail: detail.trim() } : {}) },
      {
        // A fresh start as a visitor: every member's cache and socket end with the page (and no members-only
        // page sends the former member to the login in between).
        onSuccess: () => window.location.assign("/account-deleted"),
      },
    );
  };

  return (
    <Card className="border-0 shadow-sm mt-4">
      <Card.Body>
        <h3 className="h5">{t("delete_account.card_title")}</h3>
        <p className="small text-body-secondary">{t("delete_account.card_text", { days: REACTIVATION_WINDOW_DAYS })}</p>
        {/* What happens to the money: the balance, the credits after deletion, and how to get a refund first. */}
        <div className="small mb-3" data-testid="delete-account-credits">
          <p className="fw-semibold mb-1">{t("nav.credits_count", { count: user?.credits ?? 0 })}</p>
          <p className="text-body-secondary mb-1">{t("delete_account.credits_text", { days: REACTIVATION_WINDOW_DAYS })}</p>
          <p className="text-body-secondary mb-0">
            {t("delete_account.refund_text", { days: settings.refund_days })} <PrefetchLink to="/transactions">{t("transactions.title")}</PrefetchLink>
          </p>
        </div>
        <Button variant="outline-danger" size="sm" onClick={() => setOpen(true)} data-testid="delete-account-open">
          {t("delete_account.open")}
        </Button>
      </Card.Body>
      <Modal show={open} onHide={close} centered data-testid="delete-account-modal">
        <Modal.Header closeButton closeLabel={t("common.close")}>
          <Modal.Title className="h5">{step === "alternatives" ? t("delete_account.title") : t("delete_account.reason_title")}</Modal.Title>
        </Modal.Header>
        {step === "alternatives" ? (
          <Modal.Body>
            <p>{t("delete_account.alternatives")}</p>
            <div className="border rounded p-3 mb-2">
              <p className="fw-semibold mb-1">{t("delete_account.invisible_title")}</p>
              <p className="small mb-2">{t("delete_account.invisible_text")}</p>
              <Button size="sm" variant="outline-primary" disabled={saveProfile.isPending} onClick={goInvisible} data-testid="delete-go-invisible">
                {t("profile.invisible_title")}
              </Button>
            </div>
            <div className="border rounded p-3 mb-2">
              <p className="fw-semibold mb-1">{t("delete_account.emails_title")}</p>
              <p className="small mb-2">{t("delete_account.emails_text")}</p>
              <PrefetchLink to="/notifications" className="btn btn-sm btn-outline-primary" onClick={close}>
                {t("delete_account.emails_link")}
              </PrefetchLink>
            </div>
            {percent > 0 && (
              <div className="border border-primary rounded p-3 mb-3">
                <p className="fw-semibold mb-1">{t("delete_account.discount_title", { percent })}</p>
                <p className="small mb-2">{t("delete_account.discount_text", { percent })}</p>
                <Button size="sm" disabled={offer.isPending} onClick={stay} data-testid="delete-stay-discount">
                  {t("delete_account.discount_button", { percent })}
                </Button>
                {offer.isError && <p className="small text-danger mt-2 mb-0">{offer.error.message}</p>}
              </div>
            )}
            <div className="d-flex justify-content-between">
              <Button variant="link" onClick={close}>
                {t("delete_account.cancel")}
              </Button>
              <Button variant="outline-danger" onClick={() => setStep("reason")} data-testid="delete-continue">
                {t("delete_account.continue")}
              </Button>
            </div>
          </Modal.Body>
        ) : (
          <Form onSubmit={submit} noValidate>
            <Modal.Body>
              <fieldset className="mb-3">
                <legend className="visually-hidden">{t("delete_account.reason_title")}</legend>
                {DELETION_REASONS.map((r) => (
                  <Form.Check
                    key={r}
                    type="radio"
                    name="reason"
                    id={`delete-reason-${r}`}
                    label={t(`delete_account.reason_${r}`)}
                    checked={reason === r}
                    onChange={() => setReason(r)}
                    data-testid={`delete-reason-${r}`}
                  />
                ))}
              </fieldset>
              <Form.Group className="mb-3" controlId="delete-detail">
                <Form.Label>{t("delete_account.detail")}</Form.Label>
                <Form.Control as="textarea" rows={2} maxLength={1000} value={detail} onChange={(e) => setDetail(e.target.value)} />
              </Form.Group>
              <Form.Group controlId="delete-password">
                <Form.Label>{t("delete_account.password")}</Form.Label>
                <Form.Control
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  isInvalid={remove.isError}
                  data-testid="delete-password"
                />
                <Form.Control.Feedback type="invalid" role="alert">
                  {remove.error?.message}
                </Form.Control.Feedback>
              </Form.Group>
            </Modal.Body>
            <Modal.Footer className="justify-content-between">
              <Button variant="link" onClick={() => setStep("alternatives")}>
                {t("delete_account.back")}
              </Button>
              <Button type="submit" variant="danger" disabled={!reason || !password || remove.isPending} data-testid="delete-confirm">
                {t("delete_account.confirm")}
              </Button>
            </Modal.Footer>
          </Form>
        )}
      </Modal>
    </Card>
  );
}
