// Apart from the schemas so that the signed-in home's first screen reads it without loading zod (docs/performance.md).
/** The live-update timing (docs/product/README.md). */
export const REALTIME_DEBOUNCE_MS = 500
export const REALTIME_REFETCH_GUARD_MS = 1000
export const REALTIME_RECONNECT_BASE_MS = 1000
export const REALTIME_RECONNECT_MAX_MS = 30_000
export const REALTIME_PATH = '/api/realtime'
/** A socket closed with this code ended with its session (sign-out, password reset, expiry): decision 44. */
export const SESSION_ENDED_CLOSE_CODE = 4401
/** The close's reason when the session ended because the owner disabled the account: the page then says so. */
export const ACCOUNT_DISABLED_CLOSE_REASON = 'account disabled'
