// Apart from the schemas so that the signed-in home's first screen reads it without loading zod (docs/performance.md).
/** Said (to screen readers, beside the spinner) while a session lookup that failed is tried again. */
export const SESSION_RETRYING = 'Hearth is busy. Trying again...'
