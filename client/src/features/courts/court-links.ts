/**
 * Links of the court card (spec 001 section 2.7: maps-service link, share buttons). Pure, so the
 * URLs are tested without a browser.
 */
type Place = { latitude: number; longitude: number; name: string };

/** Android phones open `geo:` in the user's maps app; everybody else gets Google Maps in the browser. */
export function mapsServiceUrl(court: Place, platform: "android" | "ios" | "web"): string {
  const at = `${court.latitude},${court.longitude}`;
  if (platform === "android") return `geo:${at}?q=${at}(${encodeURIComponent(court.name)})`;
  if (platform === "ios") return `https://maps.apple.com/?ll=${at}&q=${encodeURIComponent(court.name)}`;
  return `https://www.google.com/maps/search/?api=1&query=${at}`;
}

export function openStreetMapUrl(court: Place): string {
  return `https://www.openstreetmap.org/?mlat=${court.latitude}&mlon=${court.longitude}#map=17/${court.latitude}/${court.longitude}`;
}

export function courtUrl(courtId: number, origin: string): string {
  return `${origin}/court/${courtId}`;
}

/**
 * Players per side from a court's total minimum and maximum (spec 001 section 2.7: "shown as half of max
 * and min"): the minimum rounds up, the maximum down, so an odd total never promises a player too many.
 */
export function playersPerSide(minPlayers: number | null, maxPlayers: number | null): { min: number | null; max: number | null } | null {
  const min = minPlayers !== null && minPlayers > 0 ? Math.ceil(minPlayers / 2) : null;
  const max = maxPlayers !== null && maxPlayers > 0 ? Math.floor(maxPlayers / 2) : null;
  if (min === null && max === null) return null;
  if (min !== null && max !== null && min > max) return { min: max, max };
  return { min, max };
}
