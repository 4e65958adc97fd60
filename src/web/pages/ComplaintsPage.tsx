import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, Button, Card, Container, Form } from "react-bootstrap";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { COMPLAINT_ANSWER_HOURS } from "../../common/constants";
import { COMPLAINT_CATEGORIES, type ComplaintInput, complaintSchema } from "../../common/schemas/complaints";
import { call } from "../api/apiClient";
import { useUser } from "../api/userApi";
import { applyApiError } from "../components/applyApiError";
import { FormField } from "../components/FormField";

/** /complaints: a complaint from anyone; it is stored, confirmed by e-mail and answered with a reference. */
export function ComplaintsPage() {
  const { t } = useTranslation();
  const user = useUser();
  const send = useMutation({ mutationFn: (input: ComplaintInput) => call("POST /api/complaints.php", { body: input }) });
  const [formError, setFormError] = useState("");
  const { register, handleSubmit, formState, setError, getValues } = useForm<ComplaintInput>({
    resolver: zodResolver(complaintSchema),
    defaultValues: { name: user?.profile.name ?? "", email: user?.email ?? "", message: "" },
  });
  const submit = handleSubmit(async (values) => {
    setFormError("");
    try {
      await send.mutateAsync(values);
    } catch (err) {
      setFormError(applyApiError(err, setError, ["name", "email", "category", "message"]));
    }
  });
  const categoryError = formState.errors.category?.message;
  return (
    <Container className="py-4" style={{ maxWidth: 720 }} data-testid="complaints-page">
      <h1 className="h2">{t("complaints.title")}</h1>
      {send.data ? (
        <Alert variant="success" data-testid="complaint-done">
          <p className="fw-semibold">{t("complaints.done_title")}</p>
          <p className="mb-1">{t("complaints.reference_label")}</p>
          <p className="h4 font-monospace" data-testid="complaint-reference">
            {send.data.reference}
          </p>
          <p className="mb-0">{t("complaints.done_text", { email: getValues("email") })}</p>
        </Alert>
      ) : (
        <>
          <p>{t("complaints.intro", { within: t("complaints.answer_within", { count: COMPLAINT_ANSWER_HOURS }) })}</p>
          <Card className="border-0 shadow-sm">
            <Card.Body>
              <Form noValidate onSubmit={submit} data-testid="complaint-form">
                {formError && (
                  <Alert variant="danger" role="alert">
                    {formError}
                  </Alert>
                )}
                <FormField id="complaint-name" label={t("complaints.name")} autoComplete="name" registration={register("name")} error={formState.errors.name} />
                <FormField
                  id="complaint-email"
                  label={t("complaints.email")}
                  type="email"
                  autoComplete="email"
                  registration={register("email")}
                  error={formState.errors.email}
                />
                <Form.Group className="mb-3" controlId="complaint-category">
                  <Form.Label>{t("complaints.category")}</Form.Label>
                  <Form.Select {...register("category")} isInvalid={Boolean(categoryError)} defaultValue="">
                    <option value="" disabled>
                      {t("complaints.category_choose")}
                    </option>
                    {COMPLAINT_CATEGORIES.map((c) => (
                      <option key={c} value={c}>
                        {t(`complaints.category_${c}`)}
                      </option>
                    ))}
                  </Form.Select>
                  {categoryError && (
                    <Form.Control.Feedback type="invalid">{categoryError.startsWith("errors.") ? t(categoryError) : categoryError}</Form.Control.Feedback>
                  )}
                </Form.Group>
                <FormField
                  id="complaint-message"
                  label={t("complaints.message")}
                  as="textarea"
                  help={t("complaints.message_hint")}
                  registration={register("message")}
                  error={formState.errors.message}
                />
                <Button type="submit" size="lg" disabled={formState.isSubmitting} data-testid="complaint-submit">
                  {t("complaints.submit")}
                </Button>
              </Form>
            </Card.Body>
          </Card>
        </>
      )}
    </Container>
  );
}
