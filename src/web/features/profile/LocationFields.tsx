import { useState } from "react";
import { Alert, Button, Col, Row, Spinner } from "react-bootstrap";
import { useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useRegions, useSettings } from "../../api/settingsApi";
import { FormField } from "../../components/FormField";
import { Icon } from "../../components/Icon";
import { countryOptions } from "../members/countryNames";
import { useCountryRegions } from "../members/useCountryRegions";
import { ChoiceField } from "./ChoiceField";
import { geocodeToLocation, locationButtonState } from "./geolocation";
import { fieldVisible, keepRegion, type ProfileFormValues } from "./profileForm";
import { LocationError, useGeolocation } from "./useGeolocation";

/** Country, region and city, set by hand or with the browser's position ("Use my location"). */
export function LocationFields({
  note,
  alwaysShown = [],
}: {
  note: (field: keyof ProfileFormValues) => string | undefined;
  /** Fields shown even where the site's visible_profile_fields leaves them out (the signup needs them). */
  alwaysShown?: readonly string[];
}) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const allRegions = useRegions();
  const { register, watch, setValue, getValues, formState } = useFormContext<ProfileFormValues>();
  const { permission, locate } = useGeolocation();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ variant: "success" | "warning" | "danger"; text: string } | null>(null);
  const country = watch("country");
  const regions = useCountryRegions(country);
  const visible = (field: keyof ProfileFormValues) => alwaysShown.includes(field) || fieldVisible(field, settings.visible_profile_fields);
  const button = locationButtonState(permission, busy);

  const locateMe = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const result = await locate();
      const outcome = geocodeToLocation(result, settings.countries, (c) => allRegions.data?.regions[c] ?? []);
      if (!outcome.ok) {
        setMessage({ variant: "warning", text: t(`location.error_${outcome.reason}`) });
        return;
      }
      const options = { shouldDirty: true, shouldValidate: true };
      setValue("country", outcome.country, options);
      setValue("region", outcome.region, options);
      if (outcome.city || !getValues("city")) setValue("city", outcome.city, options);
      setMessage({
        variant: "success",
        text: t("location.found", { place: [outcome.city, result.region_name].filter(Boolean).join(", ") || outcome.country }),
      });
    } catch (err) {
      setMessage({ variant: "danger", text: err instanceof LocationError ? t(`location.error_${err.reason}`) : (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Button
          variant="outline-primary"
          onClick={locateMe}
          disabled={!button.enabled}
          className="d-inline-flex align-items-center gap-1"
          data-testid="use-my-location"
        >
          {busy ? <Spinner size="sm" aria-hidden="true" /> : <Icon name="pin" size={18} />}
          {t("location.use_mine")}
        </Button>
        {button.hint && (
          <span className={`small ${button.hint === "denied" ? "text-danger" : "text-body-secondary"}`} data-testid="location-hint">
            {t(`location.hint_${button.hint}`)}
          </span>
        )}
      </div>
      {message && (
        <Alert variant={message.variant} className="py-2 small" role="status">
          {message.text}
        </Alert>
      )}
      <Row className="gx-3">
        {visible("country") && (
          <Col md={6}>
            <ChoiceField
              id="profile-country"
              label={t("profile.fields.country")}
              registration={register("country", {
                // The region list of the newly chosen country decides whether the region still fits.
                onChange: (e) => setValue("region", keepRegion(getValues("region"), allRegions.data?.regions[e.target.value] ?? [])),
              })}
              error={formState.errors.country}
              emptyLabel={t("profile.not_set")}
              options={countryOptions(settings.countries, i18n.language).map((c) => ({ value: c.code, label: c.name }))}
              help={note("country")}
            />
          </Col>
        )}
        {visible("region") && country && regions.length > 0 && (
          <Col md={6}>
            <ChoiceField
              // A new select per country: it mounts with that country's options and then takes its value
              // (setting a value the old options lack would leave the select blank).
              key={country}
              id="profile-region"
              label={t("profile.fields.region")}
              registration={register("region")}
              error={formState.errors.region}
              emptyLabel={t("profile.not_set")}
              options={regions.map((r) => ({ value: r.code, label: r.name }))}
              help={note("region")}
            />
          </Col>
        )}
        {visible("city") && (
          <Col md={6}>
            <FormField
              id="profile-city"
              label={t("profile.fields.city")}
              autoComplete="address-level2"
              registration={register("city")}
              error={formState.errors.city}
              help={note("city")}
            />
          </Col>
        )}
      </Row>
    </>
  );
}
