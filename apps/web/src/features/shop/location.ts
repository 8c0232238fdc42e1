import { useEffect } from 'react';
import { create } from 'zustand';
import type { Coordinates } from '../../api/shop';

/** Where the shopper is taken to be when the browser gives no position (spec: Lagos). */
export const LAGOS: Coordinates = { latitude: 6.5244, longitude: 3.3792 };

/** Each state's capital, for "shops near" a state the shopper picks when location is refused. */
export const STATE_CENTRES: Record<string, Coordinates> = {
  abia: { latitude: 5.532, longitude: 7.486 },
  adamawa: { latitude: 9.2035, longitude: 12.4954 },
  'akwa-ibom': { latitude: 5.0377, longitude: 7.9128 },
  anambra: { latitude: 6.2106, longitude: 7.0741 },
  bauchi: { latitude: 10.3158, longitude: 9.8442 },
  bayelsa: { latitude: 4.9267, longitude: 6.2676 },
  benue: { latitude: 7.7337, longitude: 8.5214 },
  borno: { latitude: 11.8311, longitude: 13.151 },
  'cross-river': { latitude: 4.9757, longitude: 8.3417 },
  delta: { latitude: 6.198, longitude: 6.7319 },
  ebonyi: { latitude: 6.3249, longitude: 8.1137 },
  edo: { latitude: 6.335, longitude: 5.6037 },
  ekiti: { latitude: 7.621, longitude: 5.2215 },
  enugu: { latitude: 6.4584, longitude: 7.5464 },
  gombe: { latitude: 10.2897, longitude: 11.1673 },
  imo: { latitude: 5.485, longitude: 7.035 },
  jigawa: { latitude: 11.7564, longitude: 9.3388 },
  kaduna: { latitude: 10.5105, longitude: 7.4165 },
  kano: { latitude: 12.0022, longitude: 8.592 },
  katsina: { latitude: 12.9908, longitude: 7.6018 },
  kebbi: { latitude: 12.4539, longitude: 4.1975 },
  kogi: { latitude: 7.8023, longitude: 6.7333 },
  kwara: { latitude: 8.4966, longitude: 4.5421 },
  lagos: LAGOS,
  nasarawa: { latitude: 8.4939, longitude: 8.515 },
  niger: { latitude: 9.6139, longitude: 6.5569 },
  ogun: { latitude: 7.1475, longitude: 3.3619 },
  ondo: { latitude: 7.2571, longitude: 5.2058 },
  osun: { latitude: 7.7827, longitude: 4.5418 },
  oyo: { latitude: 7.3775, longitude: 3.947 },
  plateau: { latitude: 9.8965, longitude: 8.8583 },
  rivers: { latitude: 4.8156, longitude: 7.0498 },
  sokoto: { latitude: 13.0059, longitude: 5.2476 },
  taraba: { latitude: 8.8937, longitude: 11.3596 },
  yobe: { latitude: 11.747, longitude: 11.9608 },
  zamfara: { latitude: 12.1628, longitude: 6.6614 },
  fct: { latitude: 9.0765, longitude: 7.3986 },
};

export type LocationSource = 'device' | 'state' | 'default';

interface ShopperLocation {
  /** Null until the browser has answered (or refused). */
  coords: Coordinates | null;
  source: LocationSource | null;
  /** The state picked when the browser's position is not used. */
  stateId: string | null;
  locating: boolean;
  /** Why the device's position is not used, if it is not. */
  problem: string | null;
  locate: () => void;
  chooseState: (stateId: string) => void;
}

const fourPlaces = (n: number) => Math.round(n * 10_000) / 10_000;

/** The shopper's position for "near you": the browser's, else a state they pick, else Lagos. Kept for the session. */
export const useShopperLocation = create<ShopperLocation>((set, get) => ({
  coords: null,
  source: null,
  stateId: null,
  locating: false,
  problem: null,
  locate: () => {
    if (get().locating) return;
    const fallback = (problem: string) =>
      set((s) => ({
        locating: false,
        problem,
        ...(s.source === 'state' ? {} : { coords: LAGOS, source: 'default' as const }),
      }));
    if (typeof navigator === 'undefined' || !navigator.geolocation) return fallback('This device cannot share its location.');
    set({ locating: true });
    // A permission prompt left unanswered never calls back: Lagos meanwhile (a later answer still counts).
    setTimeout(() => {
      if (get().locating) fallback("We couldn't find where you are right now.");
    }, 12_000);
    navigator.geolocation.getCurrentPosition(
      (pos) =>
        set({
          coords: { latitude: fourPlaces(pos.coords.latitude), longitude: fourPlaces(pos.coords.longitude) },
          source: 'device',
          stateId: null,
          locating: false,
          problem: null,
        }),
      (err) =>
        fallback(err.code === err.PERMISSION_DENIED ? 'Location is turned off for Owo.' : "We couldn't find where you are right now."),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  },
  chooseState: (stateId) => {
    const at = STATE_CENTRES[stateId];
    if (at) set({ coords: at, source: 'state', stateId });
  },
}));

/** The shopper's location, asking the browser once per session. */
export function useNearMe() {
  const loc = useShopperLocation();
  const { coords, locating, locate } = loc;
  useEffect(() => {
    if (!coords && !locating) locate();
  }, [coords, locating, locate]);
  return loc;
}

/** Straight-line distance in km (for a shop whose page has no distance of its own). */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** "350 m away", "2.4 km away", "18 km away". */
export function distanceLabel(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m away`;
  if (km < 10) return `${km.toFixed(1)} km away`;
  return `${Math.round(km)} km away`;
}
