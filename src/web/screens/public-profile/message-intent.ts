/**
 * A signed-out visitor's Message press on a public profile, kept until they are signed in (decision 212): through
 * sign-up, the confirmation mail (often opened in another tab, so not sessionStorage) and onboarding. Only a press in
 * this browser starts a conversation; a link alone never does, so no crafted URL can make someone message a stranger.
 */
const KEY = 'hearth.message-intent'
/** as long as the confirmation link lives: an intent older than that is forgotten */
const KEPT_MS = 24 * 60 * 60 * 1000

type Intent = { userId: string; at: number }

export function rememberMessageIntent(userId: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ userId, at: Date.now() } satisfies Intent))
  } catch {
    // storage refused (private mode, full): the visitor presses Message again after signing in
  }
}

/** Whether a kept, fresh intent names this profile; it is forgotten on reading, so it is acted on once. */
export function takeMessageIntent(userId: string): boolean {
  try {
    const raw = localStorage.getItem(KEY)
    if (raw === null) return false
    const intent = JSON.parse(raw) as Partial<Intent>
    if (intent.userId !== userId) return false
    localStorage.removeItem(KEY)
    return typeof intent.at === 'number' && Date.now() - intent.at < KEPT_MS
  } catch {
    return false
  }
}
