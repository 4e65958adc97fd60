import { create } from "zustand";
import type { GeocodeResult } from "../../common/schemas/settings";
import type { GeoPermission } from "../features/profile/geolocation";

// Geolocation state of spec section 3: the browser's permission and the last reverse-geocode result.

interface GeolocationState {
  permission: GeoPermission;
  geocode: GeocodeResult | null;
  setPermission(permission: GeoPermission): void;
  setGeocode(geocode: GeocodeResult): void;
}

export const useGeolocationStore = create<GeolocationState>((set) => ({
  permission: "unknown",
  geocode: null,
  setPermission: (permission) => set({ permission }),
  setGeocode: (geocode) => set({ geocode }),
}));
