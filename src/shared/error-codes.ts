// Apart from the schemas so that the signed-in home's first screen reads it without loading zod (docs/performance.md).
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  badJson: 'INVALID_JSON',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  circleFull: 'CIRCLE_FULL',
  messageLimit: 'MESSAGE_LIMIT',
  notLinked: 'NOT_LINKED',
  contactArchived: 'CONTACT_ARCHIVED',
  accountDeleted: 'ACCOUNT_DELETED',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  storageQuota: 'STORAGE_QUOTA',
  diskFull: 'DISK_FULL',
  photoLimit: 'PHOTO_LIMIT',
  sessionLimit: 'SESSION_LIMIT',
  noteLimit: 'NOTE_LIMIT',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  /** the database is restarting or failing over: the same request succeeds again shortly (decision 217) */
  databaseUnavailable: 'DATABASE_UNAVAILABLE',
  speechUnavailable: 'SPEECH_UNAVAILABLE',
  /** the speaker's language is one the speech engine here cannot transcribe (decision 227) */
  languageUnsupported: 'LANGUAGE_UNSUPPORTED',
  /** a message without a transcript yet has nothing to translate (decision 228) */
  transcriptNotReady: 'TRANSCRIPT_NOT_READY',
  /** no translation engine here, or none for that pair of languages (decision 228) */
  translationUnavailable: 'TRANSLATION_UNAVAILABLE',
  /** the translation engine failed this time; worth trying again later */
  translationFailed: 'TRANSLATION_FAILED',
  /** the object store (the S3 bucket) cannot be reached now; worth trying again later (decision 216) */
  storageUnavailable: 'STORAGE_UNAVAILABLE',
} as const
