import { sql } from 'drizzle-orm'
import { LOCALES } from '#shared/locales.ts'
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/** PostgreSQL's full-text document type, read as its text form. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/* ---- columns many tables share ---- */

/** A moment in time, kept with its time zone (every timestamp of Hearth's is one). */
const moment = (name: string) => timestamp(name, { withTimezone: true })
/** A uuid primary key that PostgreSQL makes. */
const uuidPrimaryKey = () => uuid('id').primaryKey().defaultRandom()
/** When the row was written. */
const createdAt = () => moment('created_at').notNull().defaultNow()
/** When a row of limited life stops counting. */
const expiresAt = () => moment('expires_at').notNull()

const timestamps = {
  createdAt: createdAt(),
  updatedAt: moment('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
}

/* ---- Better Auth's tables (user, session, account, verification, rate_limit), owned by its adapter ---- */

/** A text kept as a message id of the server's catalogue and its values (src/server/i18n, decision 223). */
type StoredText = { id: string; values?: Record<string, string | number> }

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    ...timestamps,
  },
  (t) => [uniqueIndex('user_email_lower_idx').on(sql`lower(${t.email})`)],
)

/** A person's id on a row that is theirs: deleting the person deletes the row. */
function personColumn(name: string) {
  return text(name)
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' })
}

/** A person's id on a row that outlives them (a kept message, an audit line): deleting the person empties it. */
function formerPersonColumn(name: string) {
  return text(name).references(() => user.id, { onDelete: 'set null' })
}

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: expiresAt(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: personColumn('user_id'),
    ...timestamps,
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
)

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: personColumn('user_id'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: moment('access_token_expires_at'),
    refreshTokenExpiresAt: moment('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
)

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: expiresAt(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
)

export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
})

/* ---- Hearth's own tables ---- */

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fullName: text('full_name'),
    welcomeAudioKey: text('welcome_audio_key'),
    welcomeTranscript: text('welcome_transcript'),
    welcomeTranscriptStatus: text('welcome_transcript_status', {
      enum: ['pending', 'processing', 'completed', 'failed'],
    }),
    /** the welcome transcript's language (decision 227): its speaker's, or what the engine detected; null before */
    welcomeTranscriptLanguage: text('welcome_transcript_language'),
    welcomeWordTimestamps: jsonb('welcome_word_timestamps').$type<{ word: string; start: number; end: number; confidence?: number }[]>(),
    profilePictureKey: text('profile_picture_key'),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    emailNotificationsEnabled: boolean('email_notifications_enabled').notNull().default(true),
    /** the directory's exact e-mail match finds only people who turned this on (decision 37) */
    findableByEmail: boolean('findable_by_email').notNull().default(false),
    /** a push shows the transcript's first words only when the person turned this on */
    pushShowsTranscript: boolean('push_shows_transcript').notNull().default(false),
    /** gentle nudges when a relationship goes quiet; the settings switch turns them off */
    nudgesEnabled: boolean('nudges_enabled').notNull().default(true),
    /**
     * The language this person reads Hearth in (`src/shared/locales.ts`): the web app, and every mail and push sent to
     * them. Null until known: then the browser's language on screen, and English in what is sent.
     */
    language: text('language', { enum: LOCALES }),
    /**
     * The directory lists this person: a copy of `user.email_verified` (only people who confirmed their address are
     * listed), kept by triggers of migration 0020 whoever writes either row (better-auth, the wizard), so a directory
     * search reads profiles alone (decision 109). Nothing else writes it.
     */
    listed: boolean('listed').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // Directory search (decision 109), over listed people only: a name matches anywhere, case-insensitively, through
    // a trigram index; exact and prefix matches read a range of lower(name) (any collation), with the name order
    // inside the index; and a common text walks the name order itself, stopping at the first 20 matches.
    index('profiles_listed_name_trgm_idx')
      .using('gin', sql`lower(${t.name}) gin_trgm_ops`)
      .where(sql`${t.listed}`),
    index('profiles_listed_name_lower_idx')
      .using('btree', sql`lower(${t.name}) text_pattern_ops`, t.name, t.id)
      .where(sql`${t.listed}`),
    index('profiles_listed_name_order_idx')
      .on(t.name, t.id)
      .where(sql`${t.listed}`),
  ],
)

/**
 * A person's photos (docs/product/settings.md). `base_key` names the stored renditions: `{base_key}-{variant}.webp`
 * (decision 55); names are never reused, so they are cached for good. At most one primary per person.
 */
export const profilePhotos = pgTable(
  'profile_photos',
  {
    id: uuidPrimaryKey(),
    userId: personColumn('user_id'),
    baseKey: text('base_key').notNull().unique(),
    displayOrder: integer('display_order').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('profile_photos_user_order_idx').on(t.userId, t.displayOrder),
    uniqueIndex('profile_photos_one_primary_idx')
      .on(t.userId)
      .where(sql`${t.isPrimary}`),
  ],
)

/* ---- The circle ---- */

/**
 * One row per direction of a relationship: the owner (user_id) sees contact_user_id under `name`.
 * Activity is derived, never stored: see `contactIsActiveSql` in the contacts queries.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuidPrimaryKey(),
    userId: personColumn('user_id'),
    contactUserId: formerPersonColumn('contact_user_id'),
    name: text('name').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
    archivedAt: moment('archived_at'),
    /** a rekindle starts a fresh 30-day window even when their last reply is older */
    rekindledAt: moment('rekindled_at'),
    lastInteraction: moment('last_interaction').notNull().defaultNow(),
    lastReplyFromThem: moment('last_reply_from_them'),
    consecutiveMessagesSent: integer('consecutive_messages_sent').notNull().default(0),
    /**
     * When the owner chose this person: pressed Message on their profile, or sent them a message (decision 40). Null
     * for a row made because the other person pressed Message: being contacted is not choosing. Presence is shared
     * only while both rows of a pair have it.
     */
    chosenAt: moment('chosen_at'),
    /**
     * When the other person deleted their account (decision 120): the row keeps the name they had then, is archived,
     * and stays as the owner's way back to what they sent them. Null while the person exists.
     */
    accountDeletedAt: moment('account_deleted_at'),
    /**
     * Set while this row is a message request (decision 123): the other person pressed Message and the owner has not
     * chosen them. Such a row is not a contact: it takes no place of the owner's ten, is not on their home and shares
     * no presence. Pending shows on the requests page; ignored is hidden until they write again; blocked hears nothing
     * more from them. Null is a plain contact.
     */
    requestStatus: text('request_status', { enum: ['pending', 'ignored', 'blocked'] }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contacts_user_contact_user_idx').on(t.userId, t.contactUserId),
    index('contacts_user_order_idx').on(t.userId, t.displayOrder),
  ],
)

/** Per-owner view of one relationship's messages; unread_count is kept by the messages module. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuidPrimaryKey(),
    userId: personColumn('user_id'),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessageId: uuid('last_message_id'),
    /**
     * How many messages the pair has exchanged, both directions (decision 86): counted up where last_message_id is
     * set, so the conversation's total is one row read instead of a count over the whole pair.
     */
    messageCount: integer('message_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('conversations_contact_idx').on(t.contactId), index('conversations_user_idx').on(t.userId)],
)

/* ---- Realtime presence ---- */

/**
 * Open WebSockets per server instance and person (decision 24). A row exists while that instance holds at least one
 * socket of that person; seen_at is refreshed with the heartbeat, so rows of a crashed instance stop counting.
 */
export const realtimePresence = pgTable(
  'realtime_presence',
  {
    instanceId: text('instance_id').notNull(),
    userId: personColumn('user_id'),
    connections: integer('connections').notNull(),
    seenAt: moment('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.userId] }), index('realtime_presence_user_idx').on(t.userId, t.seenAt)],
)

/* ---- Voice messages ---- */

/** A stored recording not yet attached to a message; unused ones are swept after a day. */
export const audioUploads = pgTable(
  'audio_uploads',
  {
    id: uuidPrimaryKey(),
    userId: personColumn('user_id'),
    objectKey: text('object_key').notNull().unique(),
    mimeType: text('mime_type').notNull(),
    bytes: integer('bytes').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    waveform: jsonb('waveform').$type<number[]>().notNull(),
    /**
     * When the job (or `prepare`) decoded the recording and wrote what it measured; null while the duration and
     * waveform are the ones the recorder declared and the bytes are as received (decision 174).
     */
    audioMeasuredAt: moment('audio_measured_at'),
    createdAt: createdAt(),
  },
  (t) => [index('audio_uploads_created_idx').on(t.createdAt)],
)

export const audioMessages = pgTable(
  'audio_messages',
  {
    id: uuidPrimaryKey(),
    /** null once the sender deleted their account: the receiver keeps what they received (decision 202) */
    senderId: formerPersonColumn('sender_id'),
    /** null once the receiver deleted their account: the sender keeps what they sent (decision 202) */
    receiverId: formerPersonColumn('receiver_id'),
    /**
     * For a message whose other person deleted their account, the row of the one who keeps it for that person: the
     * sender's row for a receiver who went (decision 120), the receiver's row for a sender who went (decision 202).
     * Set as the person goes, so the conversation with them still lists both directions. Null otherwise.
     */
    leftContactId: uuid('left_contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    audioKey: text('audio_key').notNull().unique(),
    mimeType: text('mime_type').notNull(),
    bytes: integer('bytes').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    waveform: jsonb('waveform').$type<number[]>().notNull(),
    /** null while the audio is as received and its duration and waveform are declared (decision 174) */
    audioMeasuredAt: moment('audio_measured_at'),
    transcription: text('transcription'),
    /** `confidence` per word when the engine gave one (decision 92) */
    wordTimestamps: jsonb('word_timestamps').$type<{ word: string; start: number; end: number; confidence?: number }[]>(),
    /** 0..1, how sure the engine was of the whole transcript; null when it said nothing or before decision 92 */
    transcriptConfidence: real('transcript_confidence'),
    /** which engine and model made the transcript ('whisper', 'ggml-base.en.bin'): re-transcription compares them */
    transcriptEngine: text('transcript_engine'),
    transcriptModel: text('transcript_model'),
    /**
     * The transcript's language (decision 227): the sender's (`profiles.language`) when known, else what a multilingual
     * engine detected; null when nothing said it (transcripts made before were English-only engines' work)
     */
    transcriptLanguage: text('transcript_language'),
    emotions: text('emotions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    topics: text('topics')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sentiment: real('sentiment'),
    replyToId: uuid('reply_to_id'),
    isRead: boolean('is_read').notNull().default(false),
    /**
     * When the receiver had the conversation open and in view as the message arrived or since (decision 206): it no
     * longer counts as unread (the home badge, the tab title) but stays new, unplayed, until it is played (`is_read`).
     * Null until then. The sender is never told.
     */
    seenAt: moment('seen_at'),
    /** one heart per message, set or cleared by either person and seen by both (decision 205) */
    liked: boolean('liked').notNull().default(false),
    processingStatus: text('processing_status', { enum: ['pending', 'processing', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    processingError: text('processing_error'),
    /**
     * Why the message has no transcript, for a screen to say in its own words: `language_unsupported` when the sender
     * speaks a language the engine running cannot transcribe (decision 227); null otherwise
     */
    processingErrorCode: text('processing_error_code', { enum: ['language_unsupported'] }),
    transcriptionAttempts: integer('transcription_attempts').notNull().default(0),
    analysisAttempts: integer('analysis_attempts').notNull().default(0),
    /**
     * The overview's full-text document (decision 34): transcript, emotions and topics in the 'simple' configuration
     * (lowercased words, no stemming, no stop words), kept by PostgreSQL. `hearth_message_search_vector` is an
     * IMMUTABLE SQL function created by migration 0004; changing it means recomputing this column.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`hearth_message_search_vector("transcription", "emotions", "topics")`),
    ...timestamps,
  },
  (t) => [
    // The conversation (decision 86): one direction of a pair, newest first, with the id to break ties for the cursor.
    index('audio_messages_pair_created_idx').on(t.senderId, t.receiverId, t.createdAt, t.id),
    index('audio_messages_receiver_unread_idx')
      .on(t.receiverId, t.senderId)
      .where(sql`not ${t.isRead}`),
    // The overview (decision 34): everything a person sent, and everything they received, newest first.
    index('audio_messages_sender_created_idx').on(t.senderId, t.createdAt, t.id),
    index('audio_messages_receiver_created_idx').on(t.receiverId, t.createdAt, t.id),
    // The overview's search (decision 87): the person and the document in one GIN index each way (btree_gin), so a
    // search reads only that person's matching messages instead of intersecting with a bitmap of all of theirs.
    index('audio_messages_sender_search_idx').using('gin', t.senderId, t.searchVector),
    index('audio_messages_receiver_search_idx').using('gin', t.receiverId, t.searchVector),
    // The same search for a person with many messages (decision 171): each of the document's words keyed by the
    // person (a 64-bit hash of person and word, `hearth_person_words` of migration 0025), so a word's entry lists
    // only that person's messages with it instead of everyone's.
    index('audio_messages_sender_words_idx').using('gin', sql`hearth_person_words(${t.senderId}, tsvector_to_array(${t.searchVector}))`),
    index('audio_messages_receiver_words_idx').using(
      'gin',
      sql`hearth_person_words(${t.receiverId}, tsvector_to_array(${t.searchVector}))`,
    ),
    // A deleted person's conversation (decision 120): what the owner sent them, newest first.
    index('audio_messages_left_contact_idx')
      .on(t.leftContactId, t.createdAt, t.id)
      .where(sql`${t.leftContactId} is not null`),
  ],
)

/**
 * A message's transcript read in another language (decision 228), made once and shared by its two people: kept per
 * message and language, with the hash of the transcript it was made from and the engine that made it, so a new
 * transcript or another engine makes it again. Goes with its message.
 */
export const messageTranslations = pgTable(
  'message_translations',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => audioMessages.id, { onDelete: 'cascade' }),
    language: text('language', { enum: LOCALES }).notNull(),
    /** the transcript's language it was made from */
    fromLanguage: text('from_language').notNull(),
    text: text('text').notNull(),
    engine: text('engine').notNull(),
    rough: boolean('rough').notNull(),
    /** SHA-256 (hex) of the transcript it was made from */
    sourceHash: text('source_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.language] })],
)

/**
 * The words in use (decision 110): every lexeme of any message's search_vector, with how many messages hold it, kept
 * by the statement triggers of migration 0021 on every insert, change of transcript, emotions or topics, and
 * deletion (a word no message holds any more is removed). The overview's search expands the word being typed into
 * the words it can become, from here. One vocabulary for everyone; it never leaves the server.
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
  messages: integer('messages').notNull(),
})

/* ---- Invitations ---- */

/**
 * An e-mail invitation or a share link, carrying the inviter's recorded message. The token itself is never stored:
 * only its SHA-256 (decision 50). Accepted invitations stay as 'accepted' (shown as 'Used'), those closed because the
 * person joined some other way as 'joined' (decision 119); cancelled ones are deleted.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuidPrimaryKey(),
    inviterUserId: personColumn('inviter_user_id'),
    kind: text('kind', { enum: ['email', 'link'] }).notNull(),
    email: text('email'),
    recipientName: text('recipient_name'),
    note: text('note'),
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status', { enum: ['pending', 'expired', 'accepted', 'joined'] })
      .notNull()
      .default('pending'),
    audioKey: text('audio_key').unique(),
    /** onboarding's invitations carry the inviter's welcome message by reference, not a copy (decision 53) */
    usesWelcomeMessage: boolean('uses_welcome_message').notNull().default(false),
    mimeType: text('mime_type'),
    bytes: integer('bytes').notNull().default(0),
    durationSeconds: real('duration_seconds'),
    transcript: text('transcript'),
    transcriptStatus: text('transcript_status', { enum: ['pending', 'processing', 'completed', 'failed'] }),
    /** the transcript's language (decision 227); null before one was made */
    transcriptLanguage: text('transcript_language'),
    acceptedBy: formerPersonColumn('accepted_by'),
    acceptedAt: moment('accepted_at'),
    /**
     * A link invitation is for one person (decision 193): the address (lower case) of the account made with its token,
     * written in the statement that admits that sign-up. Only that account may then accept it.
     */
    claimedEmail: text('claimed_email'),
    expiresAt: expiresAt(),
    ...timestamps,
  },
  (t) => [
    index('invitations_inviter_created_idx').on(t.inviterUserId, t.createdAt),
    index('invitations_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
  ],
)

/**
 * Invitation tokens of people who deleted their account (decision 120), as SHA-256 hashes only: the invitation went
 * with its inviter, and the link still answers why it no longer works until it would have expired.
 */
export const deletedInviterTokens = pgTable('deleted_inviter_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: expiresAt(),
})

/**
 * Fixed-window counters for limits that must hold across instances and restarts (decision 52): one row per key
 * and window start, incremented atomically.
 */
/**
 * Request limits of the HTTP routes (decision 83): one row per route and person (or address), its window starting
 * at the first request, as @fastify/rate-limit counts; every instance counts in the same row.
 */
export const requestLimits = pgTable(
  'request_limits',
  {
    key: text('key').primaryKey(),
    windowStart: moment('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('request_limits_window_idx').on(t.windowStart)],
)

export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').notNull(),
    windowStart: moment('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_counters_window_idx').on(t.windowStart)],
)

/* ---- Notifications ---- */

/**
 * One row per message that went out in a new-message mail: the primary key is what makes a message mailed at most
 * once, however often its job runs (decision 62). Written in the transaction that queues the mail.
 */
export const messageMailNotifications = pgTable('message_mail_notifications', {
  messageId: uuid('message_id')
    .primaryKey()
    .references(() => audioMessages.id, { onDelete: 'cascade' }),
  mailedAt: moment('mailed_at').notNull().defaultNow(),
})

/** A browser's Web Push subscription (spec: push_subscriptions), one per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuidPrimaryKey(),
    userId: personColumn('user_id'),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
)

/* ---- Relationship health ---- */

/**
 * One person's view of one relationship (docs/product/relationship-health.md), kept up to date when a message between the two
 * is sent, read, liked or analysed and when a meeting is noted (decision 75); pages only read this row.
 */
export const contactAnalytics = pgTable('contact_analytics', {
  contactId: uuid('contact_id')
    .primaryKey()
    .references(() => contacts.id, { onDelete: 'cascade' }),
  userId: personColumn('user_id'),
  score: integer('score').notNull(),
  trend: text('trend', { enum: ['improving', 'stable', 'declining'] }).notNull(),
  fallback: boolean('fallback').notNull(),
  messageCount: integer('message_count').notNull(),
  emotionsTracked: integer('emotions_tracked').notNull(),
  avgSentiment: real('avg_sentiment'),
  /** the pair's last message and usual gap (median, at least a day): what the nudge job compares */
  lastMessageAt: moment('last_message_at'),
  usualGapSeconds: integer('usual_gap_seconds'),
  /** insights, tips, top emotions and topics, weekly activity: shaped by `#shared/relationship-health.ts` */
  details: jsonb('details')
    .$type<{
      insights: { emoji: string; title: string; description: string; value: number; trend: 'up' | 'down' | 'other' }[]
      tips: string[]
      /** the same insights' title and description, and the tips, as message ids and values: written in each reader's
       * language when read (decision 223); absent from rows computed before */
      insightTexts?: { title: StoredText; description: StoredText }[]
      tipTexts?: StoredText[]
      topEmotions: { name: string; count: number }[]
      topTopics: { name: string; count: number }[]
      activity: { week_start: string; messages: number }[]
    }>()
    .notNull(),
  computedAt: moment('computed_at').notNull(),
})

/** A meeting in person the owner noted with "We met" (decision 76): it counts in their own view only. */
export const contactMeetings = pgTable(
  'contact_meetings',
  {
    id: uuidPrimaryKey(),
    userId: personColumn('user_id'),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    metOn: date('met_on', { mode: 'string' }).notNull(),
    durationSeconds: integer('duration_seconds'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_meetings_contact_idx').on(t.contactId, t.metOn)],
)

/** Gentle nudges sent: the limits (one per contact per two weeks, one per person per week) read these. */
export const contactNudges = pgTable(
  'contact_nudges',
  {
    id: uuidPrimaryKey(),
    userId: personColumn('user_id'),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'push'] }).notNull(),
    sentAt: moment('sent_at').notNull(),
  },
  (t) => [index('contact_nudges_user_sent_idx').on(t.userId, t.sentAt), index('contact_nudges_contact_sent_idx').on(t.contactId, t.sentAt)],
)

/* ---- Sessions: a private space to talk something through before sending it ---- */

/** A session (docs/product/voice-sessions.md): only its owner ever sees it. */
export const talkSessions = pgTable(
  'sessions',
  {
    id: uuidPrimaryKey(),
    profileId: personColumn('profile_id'),
    title: text('title').notNull(),
    /** the day it is about (spec: date), YYYY-MM-DD */
    date: date('date', { mode: 'string' }).notNull(),
    audioKey: text('audio_key'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_profile_created_idx').on(t.profileId, t.createdAt)],
)

/** A session's note: text, role (default 'user'), audio. */
export const sessionMessages = pgTable(
  'session_messages',
  {
    id: uuidPrimaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => talkSessions.id, { onDelete: 'cascade' }),
    text: text('text'),
    role: text('role').notNull().default('user'),
    audioKey: text('audio_key'),
    /** a recorded note's size, counted in its owner's storage quota */
    bytes: integer('bytes'),
    /** a recorded note's transcript (written into `text`): pending, processing, completed or failed; null for a typed note */
    transcriptStatus: text('transcript_status', { enum: ['pending', 'processing', 'completed', 'failed'] }),
    /** a recorded note's transcript language (decision 227); null for a typed note or before one was made */
    transcriptLanguage: text('transcript_language'),
    createdAt: createdAt(),
  },
  (t) => [index('session_messages_session_created_idx').on(t.sessionId, t.createdAt)],
)

/* ---- who may join, and who decides (the admin module; docs/product/people.md) ---- */

/**
 * The Hearth's own settings: one row (id 1). `owner_id` is the person who decides who may join; when it is empty (a
 * fresh install, or the owner deleted their account) the oldest account becomes the owner at the next look.
 * `sign_up_mode` is the owner's choice, which SIGNUP_MODE in the environment overrides when set (decision 162).
 */
export const hearthSettings = pgTable(
  'hearth_settings',
  {
    id: integer('id').primaryKey().default(1),
    ownerId: formerPersonColumn('owner_id'),
    signUpMode: text('sign_up_mode', { enum: ['open', 'invitation'] })
      .notNull()
      .default('open'),
    updatedAt: moment('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [check('hearth_settings_one_row', sql`${t.id} = 1`)],
)

/**
 * The first account of a Hearth that takes invitations only (decision 194): one row, claimed by the first token-less
 * sign-up on an empty Hearth in the one statement that checks there is no account yet. Another address may take it
 * over only once it is 10 minutes old (a claim whose account was never made).
 */
export const firstAccountClaim = pgTable(
  'first_account_claim',
  {
    id: integer('id').primaryKey().default(1),
    email: text('email').notNull(),
    claimedAt: moment('claimed_at').notNull().defaultNow(),
  },
  (t) => [check('first_account_claim_one_row', sql`${t.id} = 1`)],
)

/** Accounts the owner disabled: they cannot sign in, and keep their data. Enabling deletes the row. */
export const disabledAccounts = pgTable('disabled_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  disabledAt: createdAt(),
})

/**
 * What the owner did, for the owner to read back: who acted and on whom (each kept as a name too, so a row outlives
 * the account), what, when. When an account is deleted its id is cleared from every row, as actor and as target, and
 * only the name it had stays; rows are deleted once AUDIT_KEPT_DAYS old (decision 201).
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuidPrimaryKey(),
    actorId: formerPersonColumn('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action', {
      enum: ['account.disabled', 'account.enabled', 'account.deleted', 'confirmation.resent', 'sign_up_mode.changed'],
    }).notNull(),
    targetId: formerPersonColumn('target_id'),
    targetName: text('target_name'),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt), index('admin_audit_log_target_idx').on(t.targetId, t.action, t.createdAt)],
)
