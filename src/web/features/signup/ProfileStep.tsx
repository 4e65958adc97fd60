import { useEffect, useState } from "react";
import { Alert, Col, Row } from "react-bootstrap";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { MAX_INTERESTS } from "../../../common/constants";
import { BODY_TYPES, EYE_COLORS, GENDERS, HAIR_COLORS, RELATIONSHIP_STATUSES, SEXUALITIES, TATTOOS } from "../../../common/profileOptions";
import { missingForStep, signupStepName } from "../../../common/signupSteps";
import type { User } from "../../../common/schemas/user";
import { useSaveProfile } from "../../api/profileApi";
import { useSettings } from "../../api/settingsApi";
import { useSignupStep } from "../../api/userApi";
import { applyApiError } from "../../components/applyApiError";
import { FormField } from "../../components/FormField";
import { InterestChips } from "../members/InterestChips";
import { useCountryRegions } from "../members/useCountryRegions";
import { ChoiceField } from "../profile/ChoiceField";
import { LocationFields } from "../profile/LocationFields";
import { fieldVisible, formToUpdate, type ProfileField, type ProfileFormValues, profileToForm, validateUpdate } from "../profile/profileForm";
import { clearDraft, readDraft, saveDraft } from "./signupDraft";
import { StepButtons } from "./StepButtons";

type ProfileStepName = "about" | "personal" | "location";

/** The profile fields each step saves, in form order. */
const STEP_FIELDS: Record<ProfileStepName, readonly ProfileField[]> = {
  about: ["personal_text", "interests"],
  personal: ["gender", "sexuality", "relationship_status", "body_type", "hair_color", "eye_color", "tattoos"],
  location: ["country", "region", "city"],
};
/** Search needs these, so the signup shows them even where the profile editor hides them (common/signupSteps.ts). */
const REQUIRED: readonly ProfileField[] = ["gender", "sexuality", "country", "region"];

const CHOICES = {
  gender: GENDERS,
  sexuality: SEXUALITIES,
  relationship_status: RELATIONSHIP_STATUSES,
  body_type: BODY_TYPES,
  hair_color: HAIR_COLORS,
  eye_color: EYE_COLORS,
  tattoos: TATTOOS,
} as const;

interface Props {
  step: number;
  user: User;
  onBack: () => void;
  onDone: () => void;
}

/** Steps 2 (about me), 3 (personal info) and 4 (location): saves its fields, then moves the signup on. */
export function ProfileStep({ step, user, onBack, onDone }: Props) {
  const { t } = useTranslation();
  const settings = useSettings();
  const name = signupStepName(step) as ProfileStepName;
  const fields = STEP_FIELDS[name].filter((f) => REQUIRED.includes(f) || fieldVisible(f, settings.visible_profile_fields));
  const draftKey = `step-${name}`;
  const form = useForm<ProfileFormValues>({ defaultValues: { ...profileToForm(user.profile), ...readDraft<ProfileFormValues>(draftKey) } });
  const { register, handleSubmit, formState, setError, watch, setValue } = form;
  const save = useSaveProfile();
  const advance = useSignupStep();
  const [formError, setFormError] = useState("");
  const regions = useCountryRegions(watch("country"));
  const interests = watch("interests");
  const busy = formState.isSubmitting || advance.isPending;

  useEffect(() => {
    const subscription = watch((values) => saveDraft(draftKey, Object.fromEntries(fields.map((f) => [f, values[f]]))));
    return () => subscription.unsubscribe();
  }, [watch, draftKey, fields]);

  const finish = async () => {
    await advance.mutateAsync(step);
    clearDraft(draftKey);
    onDone();
  };

  const submit = handleSubmit(async (values) => {
    setFormError("");
    const missing = missingForStep(
      step,
      { gender: values.gender || null, sexuality: values.sexuality || null, country: values.country || null, region: values.region || null },
      regions.length > 0,
    );
    for (const field of missing) setError(field, { type: "required", message: "errors.field_required" });
    if (missing.length > 0) return;
    const update = Object.fromEntries(Object.entries(formToUpdate(values, fields)).filter(([key]) => (fields as readonly string[]).includes(key)));
    const checked = validateUpdate(update);
    if (!checked.ok) {
      for (const [field, message] of Object.entries(checked.errors)) setError(field as ProfileField, { type: "schema", message });
      return;
    }
    try {
      await save.mutateAsync(checked.update);
      await finish();
    } catch (err) {
      setFormError(applyApiError(err, setError, fields));
    }
  });

  const skip = async () => {
    setFormError("");
    try {
      await finish();
    } catch (err) {
      setFormError(applyApiError(err, setError, fields));
    }
  };

  const choice = (field: keyof typeof CHOICES) =>
    fields.includes(field) && (
      <Col sm={6} key={field}>
        <ChoiceField
          id={`signup-${field}`}
          label={t(REQUIRED.includes(field) ? `signup_steps.personal.${field}` : `profile.fields.${field}`)}
          registration={register(field)}
          error={formState.errors[field]}
          emptyLabel={REQUIRED.includes(field) ? t("signup_steps.choose") : t("profile.not_set")}
          options={CHOICES[field].map((value) => ({ value, label: t(`profile.${field}.${value}`) }))}
        />
      </Col>
    );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} data-testid={`signup-step-${name}`}>
        <h2 className="h4 mb-1">{t(`signup_steps.${name}.title`)}</h2>
        <p className="text-body-secondary">{t(`signup_steps.${name}.intro`)}</p>
        {formError && (
          <Alert variant="danger" role="alert">
            {formError}
          </Alert>
        )}
        {name === "about" && (
          <>
            {fields.includes("personal_text") && (
              <FormField
                id="signup-personal-text"
                label={t("profile.fields.personal_text")}
                as="textarea"
                registration={register("personal_text")}
                error={formState.errors.personal_text}
                help={t("signup_steps.about.text_help")}
              />
            )}
            {fields.includes("interests") && (
              <>
                <div className="d-flex align-items-baseline justify-content-between mb-2">
                  <span className="form-label mb-0" id="signup-interests-label">
                    {t("profile.fields.interests")}
                  </span>
                  <span className="small text-body-secondary">{t("profile.interests_count", { count: interests.length, max: MAX_INTERESTS })}</span>
                </div>
                <InterestChips
                  selected={interests}
                  onChange={(next) => setValue("interests", next, { shouldDirty: true })}
                  labelledBy="signup-interests-label"
                />
              </>
            )}
          </>
        )}
        {name === "personal" && <Row className="gx-3">{Object.keys(CHOICES).map((field) => choice(field as keyof typeof CHOICES))}</Row>}
        {name === "location" && <LocationFields note={() => undefined} alwaysShown={REQUIRED} />}
        <StepButtons busy={busy} onBack={onBack} onSkip={name === "about" ? () => void skip() : undefined} />
      </form>
    </FormProvider>
  );
}
