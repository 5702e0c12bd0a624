/** The product's limits (docs/product/): one place, used by server and web. */
export const PASSWORD_MIN_LENGTH = 6
export const MAX_ACTIVE_CONTACTS = 10
export const CONTACTS_PAGE_LIMIT = 20
/** the most message requests listed at once (decision 123) */
export const MESSAGE_REQUESTS_PAGE_LIMIT = 50
export const CONTACT_FETCH_TIMEOUT_MS = 10_000
export const MESSAGES_PAGE_LIMIT = 50
export const INACTIVITY_DAYS = 30
export const MAX_CONSECUTIVE_UNANSWERED = 3
export const MOBILE_BREAKPOINT_PX = 768
export const UNREAD_BADGE_CAP = 99
export const ONBOARDING_STEPS = 5
export const SIGNED_URL_TTL_SECONDS = 3600
export const AUDIO_MAX_BYTES = 50 * 1024 * 1024
export const RECORDING_MAX_SECONDS = 10 * 60
export const MAX_PROFILE_PHOTOS = 10
/** Sessions (notes to oneself) are bounded like everything else a person can create (decision 124). */
export const MAX_SESSIONS_PER_PERSON = 200
export const MAX_NOTES_PER_SESSION = 100
export const SESSION_TITLE_MAX_CHARS = 100
export const SESSION_NOTE_MAX_CHARS = 10_000
export const PUBLIC_PROFILE_DESCRIPTION_CHARS = 150

/** Data cache settings (TanStack Query; docs/product/README.md). */
export const STALE = {
  default: 5 * 60 * 1000,
  gc: 30 * 60 * 1000,
} as const
export const QUERY_RETRIES = 2
export const QUERY_RETRY_MAX_DELAY_MS = 30_000
export const MUTATION_RETRIES = 1
/** A photo must be under 5 MB (docs/product/settings.md). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024
