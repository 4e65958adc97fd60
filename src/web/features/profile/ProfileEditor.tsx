import { useState } from "react";
import { Alert, Button, Card, Col, Row, Spinner, Toast, ToastContainer } from "react-bootstrap";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { MAX_INTERESTS, MIN_AGE } from "../../../common/constants";
import { BODY_TYPES, EYE_COLORS, GENDERS, HAIR_COLORS, RELATIONSHIP_STATUSES, SEXUALITIES, TATTOOS } from "../../../common/profileOptions";
import type { Profile } from "../../../common/schemas/user";
import { useSaveProfile } from "../../api/profileApi";
import { useSettings } from "../../api/settingsApi";
import { applyApiError } from "../../components/applyApiError";
import { FormField } from "../../components/FormField";
import { Icon } from "../../components/Icon";
import { InterestChips } from "../members/InterestChips";
import { ChoiceField } from "./ChoiceField";
import { LocationFields } from "./LocationFields";
import { fieldVisible, formToUpdate, PROFILE_FIELDS, type ProfileField, type ProfileFormValues, profileToForm, validateUpdate } from "./profileForm";

/** The choice fields with fixed options; their texts are `profile.<field>.<value>`. */
const CHOICES = {
  gender: GENDERS,
  sexuality: SEXUALITIES,
  hair_color: HAIR_COLORS,
  eye_color: EYE_COLORS,
  body_type: BODY_TYPES,
  relationship_status: RELATIONSHIP_STATUSES,
  tattoos: TATTOOS,
} as const;
type ChoiceName = keyof typeof CHOICES;

/** The latest date of birth the date picker offers: members are adults. */
const latestBirthDate = () => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - MIN_AGE);
  return d.toISOString().slice(0, 10);
};

/** Every profile field the site shows (settings.visible_profile_fields), with its note where the site wants one. */
export function ProfileEditor({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const save = useSaveProfile();
  const [formError, setFormError] = useState("");
  const [saved, setSaved] = useState(false);
  // The profile fills the form once: a later refetch (after a photo upload) must not undo edits in progress.
  const form = useForm<ProfileFormValues>({ defaultValues: profileToForm(profile) });
  const { register, handleSubmit, formState, setError, watch, setValue, reset } = form;
  const visible = (field: ProfileField) => fieldVisible(field, settings.visible_profile_fields);
  const note = (field: ProfileField) => (settings.visible_profile_notes.includes(field) ? t(`profile.notes.${field}`) : undefined);
  const interests = watch("interests");

  const choice = (name: ChoiceName, clearable = true) =>
    visible(name) && (
      <Col md={6}>
        <ChoiceField
          id={`profile-${name}`}
          label={t(`profile.fields.${name}`)}
          registration={register(name)}
          error={formState.errors[name]}
          emptyLabel={clearable || !profile[name] ? t("profile.not_set") : undefined}
          options={CHOICES[name].map((value) => ({ value, label: t(`profile.${name}.${value}`) }))}
          help={note(name)}
        />
      </Col>
    );

  const submit = handleSubmit(async (values) => {
    setFormError("");
    setSaved(false);
    const checked = validateUpdate(formToUpdate(values, settings.visible_profile_fields));
    if (!checked.ok) {
      for (const [field, message] of Object.entries(checked.errors)) setError(field as ProfileField, { type: "schema", message });
      return;
    }
    try {
      const answer = await save.mutateAsync(checked.update);
      reset(profileToForm(answer.profile));
      setSaved(true);
    } catch (err) {
      setFormError(applyApiError(err, setError, PROFILE_FIELDS));
    }
  });

  const locationShown = (["country", "region", "city"] as const).some(visible);
  const lookFields = (["relationship_status", "body_type", "hair_color", "eye_color", "tattoos"] as const).some(visible);

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} data-testid="profile-form">
        {formError && (
          <Alert variant="danger" role="alert">
            {formError}
          </Alert>
        )}
        <Card className="border-0 shadow-sm mb-4">
          <Card.Body>
            <h2 className="h5 mb-3">{t("profile.about_you")}</h2>
            <Row className="gx-3">
              <Col md={6}>
                <FormField
                  id="profile-name"
                  label={t("profile.fields.name")}
                  autoComplete="nickname"
                  registration={register("name")}
                  error={formState.errors.name}
                  help={note("name")}
                />
              </Col>
              {visible("date_of_birth") && (
                <Col md={6}>
                  <FormField
                    id="profile-date-of-birth"
                    label={t("profile.fields.date_of_birth")}
                    type="date"
                    autoComplete="bday"
                    max={latestBirthDate()}
                    min="1920-01-01"
                    registration={register("date_of_birth")}
                    error={formState.errors.date_of_birth}
                    help={note("date_of_birth")}
                  />
                </Col>
              )}
              {choice("gender", false)}
              {choice("sexuality")}
            </Row>
            {visible("personal_text") && (
              <FormField
                id="profile-personal-text"
                label={t("profile.fields.personal_text")}
                as="textarea"
                registration={register("personal_text")}
                error={formState.errors.personal_text}
                help={note("personal_text")}
              />
            )}
          </Card.Body>
        </Card>

        {locationShown && (
          <Card className="border-0 shadow-sm mb-4">
            <Card.Body>
              <h2 className="h5 mb-3">{t("profile.location")}</h2>
              <LocationFields note={note} />
            </Card.Body>
          </Card>
        )}

        {visible("interests") && (
          <Card className="border-0 shadow-sm mb-4">
            <Card.Body>
              <div className="d-flex align-items-baseline justify-content-between mb-1">
                <h2 className="h5 mb-0" id="profile-interests-label">
                  {t("profile.fields.interests")}
                </h2>
                <span className="small text-body-secondary">{t("profile.interests_count", { count: interests.length, max: MAX_INTERESTS })}</span>
              </div>
              {note("interests") && <p className="small text-body-secondary">{note("interests")}</p>}
              <div className="mt-2">
                <InterestChips
                  selected={interests}
                  onChange={(next) => setValue("interests", next, { shouldDirty: true })}
                  labelledBy="profile-interests-label"
                />
              </div>
              {formState.errors.interests?.message && (
                <p className="text-danger small mt-2 mb-0">
                  {formState.errors.interests.message.startsWith("errors.") ? t(formState.errors.interests.message) : formState.errors.interests.message}
                </p>
              )}
            </Card.Body>
          </Card>
        )}

        {lookFields && (
          <Card className="border-0 shadow-sm mb-4">
            <Card.Body>
              <h2 className="h5 mb-3">{t("profile.more_about_you")}</h2>
              <Row className="gx-3">
                {choice("relationship_status")}
                {choice("body_type")}
                {choice("hair_color")}
                {choice("eye_color")}
                {choice("tattoos")}
              </Row>
            </Card.Body>
          </Card>
        )}

        <div className={`profile-save-bar d-flex align-items-center gap-3${formState.isDirty ? " is-sticky" : ""}`} data-testid="profile-save-bar">
          <Button type="submit" size="lg" className="px-5" disabled={formState.isSubmitting} data-testid="profile-save">
            {formState.isSubmitting && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t("common.save")}
          </Button>
          {formState.isDirty && <span className="small text-body-secondary">{t("profile.unsaved")}</span>}
        </div>
      </form>
      <ToastContainer position="bottom-center" className="p-3 position-fixed" style={{ zIndex: 1100 }}>
        <Toast show={saved} onClose={() => setSaved(false)} delay={3000} autohide bg="success" data-testid="profile-saved">
          <Toast.Body className="text-dark d-flex align-items-center gap-2" role="status">
            <Icon name="check" />
            {t("profile.saved")}
          </Toast.Body>
        </Toast>
      </ToastContainer>
    </FormProvider>
  );
}
