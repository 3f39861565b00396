/** Minutes east of UTC for the viewer's clock now (Accra 0, Nairobi 180): the server cuts days with it. */
export function currentTimezoneOffsetMinutes(): number {
  const offset = -new Date().getTimezoneOffset();
  // -0 would serialise as "0" anyway; keep the number plain.
  return offset === 0 ? 0 : offset;
}
