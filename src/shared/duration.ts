/**
 * How long a recording lasts, for display: the recorder, players, message rows, the overview and the new-message mail
 * all show it alike, in whole seconds rounded down (a 10.6 s message is 0:10 everywhere).
 */

/** Whole seconds as m:ss ('0:07', '1:05', '10:00'); negative or non-finite values read as 0:00. */
export function formatDuration(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
  const minutes = Math.floor(whole / 60)
  const rest = whole % 60
  return `${minutes}:${String(rest).padStart(2, '0')}`
}

/** A spoken form for screen readers: '1 minute 5 seconds'. */
export function describeDuration(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
  const minutes = Math.floor(whole / 60)
  const rest = whole % 60
  const parts: string[] = []
  if (minutes > 0) parts.push(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`)
  if (rest > 0 || minutes === 0) parts.push(`${rest} ${rest === 1 ? 'second' : 'seconds'}`)
  return parts.join(' ')
}
