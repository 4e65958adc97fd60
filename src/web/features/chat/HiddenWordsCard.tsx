import { type FormEvent, useEffect, useState } from "react";
import { Badge, Button, Card, Form, InputGroup } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { HIDDEN_WORD_MAX_LENGTH, HIDDEN_WORDS_MAX } from "../../../common/constants";
import { useAddHiddenWord, useHiddenWords, useRemoveHiddenWord } from "../../api/hiddenWordsApi";
import { ApiError } from "../../api/apiClient";
import { Icon } from "../../components/Icon";
import { PageSpinner } from "../../components/PageSpinner";

/** The member's hidden words (issue 22), in the settings: what they do, the list, add and remove. */
export function HiddenWordsCard() {
  const { t } = useTranslation();
  const words = useHiddenWords();
  const add = useAddHiddenWord();
  const remove = useRemoveHiddenWord();
  const [draft, setDraft] = useState("");
  const failure = add.error ?? remove.error;
  const failureText = failure instanceof ApiError ? (failure.fields.word ?? failure.message) : failure?.message;
  const full = (words.data?.words.length ?? 0) >= HIDDEN_WORDS_MAX;
  const { hash } = useLocation();
  const loaded = words.isSuccess;

  // The Hidden folder links here (/profile#hidden-words): the card is shown once the list has come.
  useEffect(() => {
    if (hash === "#hidden-words" && loaded) document.getElementById("hidden-words")?.scrollIntoView({ block: "start" });
  }, [hash, loaded]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    remove.reset();
    add.mutate(draft, { onSuccess: () => setDraft("") });
  };

  return (
    <Card className="border-0 shadow-sm mt-4" data-testid="hidden-words">
      <Card.Body>
        <h3 className="h5" id="hidden-words">
          {t("profile.hidden_words_title")}
        </h3>
        <p className="small text-body-secondary">{t("profile.hidden_words_help")}</p>
        <Form onSubmit={submit} noValidate>
          <Form.Label htmlFor="hidden-word-input" className="visually-hidden">
            {t("profile.hidden_words_label")}
          </Form.Label>
          <InputGroup hasValidation>
            <Form.Control
              id="hidden-word-input"
              value={draft}
              maxLength={HIDDEN_WORD_MAX_LENGTH}
              placeholder={t("profile.hidden_words_placeholder")}
              autoComplete="off"
              onChange={(e) => {
                setDraft(e.target.value);
                if (add.isError) add.reset();
              }}
              isInvalid={failureText !== undefined}
              aria-describedby="hidden-words-count"
              disabled={full}
            />
            <Button type="submit" variant="outline-primary" disabled={add.isPending || full || !draft.trim()}>
              {t("profile.hidden_words_add")}
            </Button>
            {failureText !== undefined && (
              <Form.Control.Feedback type="invalid" data-testid="hidden-words-error">
                {failureText}
              </Form.Control.Feedback>
            )}
          </InputGroup>
        </Form>
        <p className="small text-body-secondary mt-1 mb-2" id="hidden-words-count">
          {t("profile.hidden_words_count", { count: words.data?.words.length ?? 0, max: HIDDEN_WORDS_MAX })}
        </p>
        {words.isPending ? (
          <PageSpinner key="pageSpinner" />
        ) : words.isError ? (
          <p key="p" className="text-danger small mb-0">
            {words.error.message}
          </p>
        ) : words.data.words.length === 0 ? (
          <p key="p-2" className="small text-body-secondary mb-0">
            {t("profile.hidden_words_none")}
          </p>
        ) : (
          <ul key="ul" className="list-unstyled d-flex flex-wrap gap-2 mb-0" data-testid="hidden-words-list">
            {words.data.words.map((word) => (
              <li key={word}>
                <Badge bg="light" text="dark" pill className="hidden-word border d-inline-flex align-items-center gap-1 ps-3 pe-1 py-1 fw-normal">
                  <span className="text-break">{word}</span>
                  <button
                    type="button"
                    className="btn btn-sm p-0 lh-1 hidden-word-remove"
                    aria-label={t("profile.hidden_words_remove", { word })}
                    title={t("profile.hidden_words_remove", { word })}
                    disabled={remove.isPending}
                    onClick={() => {
                      add.reset();
                      remove.mutate(word);
                    }}
                  >
                    <Icon name="close" size={18} />
                  </button>
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}
