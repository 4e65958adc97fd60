import { useCallback, useEffect } from "react";
import type { GeocodeResult } from "../../../common/schemas/settings";
import { geocode } from "../../api/profileApi";
import { useGeolocationStore } from "../../stores/geolocationStore";

/** Why the browser gave no position: an i18n key suffix under `location.`. */
export class LocationError extends Error {
  constructor(readonly reason: "denied" | "unavailable") {
    super(reason);
  }
}

/** Follows the browser's geolocation permission, also when the member changes it in the browser. */
function watchPermission(): () => void {
  const { setPermission } = useGeolocationStore.getState();
  // Browsers offer geolocation only on secure pages (https, localhost).
  if (!("geolocation" in navigator) || !window.isSecureContext) {
    setPermission("unsupported");
    return () => {};
  }
  if (!navigator.permissions?.query) {
    // Older Safari: the state shows only by asking.
    setPermission("unknown");
    return () => {};
  }
  let status: PermissionStatus | null = null;
  let active = true;
  navigator.permissions
    .query({ name: "geolocation" })
    .then((result) => {
      if (!active) return;
      status = result;
      setPermission(result.state);
      result.onchange = () => setPermission(result.state);
    })
    .catch(() => setPermission("unknown"));
  return () => {
    active = false;
    if (status) status.onchange = null;
  };
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    // A town is all we need: a coarse, recent position is quicker and kinder to the battery.
    navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: false, timeout: 20_000, maximumAge: 600_000 }),
  );
}

/** The permission state and a `locate()` that asks the browser for the position and reverse-geocodes it. */
export function useGeolocation() {
  const permission = useGeolocationStore((s) => s.permission);
  useEffect(() => watchPermission(), []);

  const locate = useCallback(async (): Promise<GeocodeResult> => {
    const { setPermission, setGeocode } = useGeolocationStore.getState();
    let position: GeolocationPosition;
    try {
      position = await currentPosition();
    } catch (err) {
      const denied = (err as GeolocationPositionError).code === 1;
      if (denied) setPermission("denied");
      throw new LocationError(denied ? "denied" : "unavailable");
    }
    setPermission("granted");
    const result = await geocode(position.coords.latitude, position.coords.longitude);
    setGeocode(result);
    return result;
  }, []);

  return { permission, locate };
}
