/** The API speaks Unix seconds where the spec says timestamps are seconds. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
