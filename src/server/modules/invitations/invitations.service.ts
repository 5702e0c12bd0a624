import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { MAX_ACTIVE_CONTACTS } from '#shared/limits.ts'
import {
  INVITATION_TEXTS,
  INVITE_VALIDITY_DAYS,
  inviteUrl,
  type AcceptInvitationResult,
  type CreateShareLink,
  type Invitation,
  type InvitationCreated,
  type InvitationPreview,
  type ResendResult,
  type SendEmailInvitation,
} from '#shared/invitations.ts'
import { transcriptSureForStrangers } from '#shared/transcript-confidence.ts'
import type { Database, Executor } from '#server/db/client.ts'
import { ConflictError, DomainError, NotFoundError } from '#server/http/errors.ts'
import { isTokenOfDeletedInviter } from '#server/modules/account/account.queries.ts'
import type { PageTags } from '#server/http/spa.ts'
import type { PictureUrl } from '#server/media/signed-url.ts'
import type { ObjectStorage } from '#server/media/storage.ts'
import { intlOfPerson } from '#server/i18n/i18n.ts'
import { PERSON_MESSAGES } from '#server/i18n/messages.ts'
import { invitationMail } from '#server/notify/templates.ts'
import { publishRealtime } from '#server/realtime/realtime.publisher.ts'
import { deleteAudioUpload, lockOwnAudioUpload } from '#server/modules/audio-uploads/audio-uploads.queries.ts'
import type { AudioUploadsService } from '#server/modules/audio-uploads/audio-uploads.service.ts'
import {
  countActiveContacts,
  getContactByUsers,
  insertContact,
  isRequest,
  lockCircles,
  markContactChosen,
  nextDisplayOrder,
} from '#server/modules/contacts/contacts.queries.ts'
import { getProfileById } from '#server/modules/profiles/profiles.queries.ts'
import type { JobQueue } from '#server/jobs/job-queue.ts'
import {
  closeInvitationsBetween,
  deleteInvitation,
  deleteOldRateCounters,
  expireOverdue,
  claimLinkInvitation,
  findByTokenHash,
  getAccountEmail,
  getInviterCard,
  hasAccountWithEmail,
  hasContactWithEmail,
  isInviterDisabled,
  insertInvitation,
  listInvitationsOf,
  lockOwnInvitation,
  takeRateToken,
  updateInvitation,
  type InvitationRow,
} from './invitations.queries.ts'

/** 256 random bits: far past the 128 the rules ask for, in 43 URL-safe characters. */
const TOKEN_BYTES = 32
/** Limits kept in PostgreSQL (decision 52). */
export const INVITE_SEND_LIMIT = { max: 20, windowSeconds: 24 * 60 * 60 }
export const INVITE_LOOKUP_LIMIT = { max: 30, windowSeconds: 60 }
const LIST_LIMIT = 100
const VALIDITY_MS = INVITE_VALIDITY_DAYS * 24 * 60 * 60 * 1000

const newToken = () => randomBytes(TOKEN_BYTES).toString('base64url')
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export class TooManyRequestsError extends DomainError {
  constructor(message: string) {
    super(429, ERROR_CODES.rateLimited, message)
  }
}
/** A token that exists but can no longer be used (the landing page maps the text to its card). */
class InvitationGoneError extends DomainError {
  constructor(message: string) {
    super(410, 'INVITATION_GONE', message)
  }
}

const notFound = () => new NotFoundError(INVITATION_TEXTS.notFound)

/**
 * The token's row, compared in constant time: the look-up is by the SHA-256 of the token (an index cannot be timed
 * into revealing a token it does not hold), and the stored hash is compared with timingSafeEqual.
 */
async function findByToken(executor: Executor, token: string, lock: boolean): Promise<InvitationRow | undefined> {
  const hash = hashToken(token)
  const row = await findByTokenHash(executor, hash, lock)
  if (!row || !timingSafeEqual(Buffer.from(row.tokenHash, 'hex'), Buffer.from(hash, 'hex'))) return undefined
  return row
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,100}$/
const addressKey = (email: string) => email.trim().toLowerCase()

/**
 * The row of a token that may still open anything: a pending, unexpired invitation whose inviter the owner has not
 * disabled (decision 193). A deleted inviter's invitations went with their account.
 */
async function usableByToken(executor: Executor, token: string): Promise<InvitationRow | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined
  const row = await findByToken(executor, token, false)
  if (!row || row.status !== 'pending' || row.expiresAt.getTime() <= Date.now()) return undefined
  return (await isInviterDisabled(executor, row.inviterUserId)) ? undefined : row
}

/**
 * Whether signing up with `email` while presenting `token` proves the address (decision 118): the token belongs to a
 * usable e-mail invitation sent to exactly that address (compared case-insensitively), and it reached the person by
 * mail to that address. A link invitation proves nothing: anyone may hold one.
 */
export async function invitationConfirmsAddress(executor: Executor, token: string, email: string): Promise<boolean> {
  const row = await usableByToken(executor, token)
  return row?.kind === 'email' && row.email !== null && addressKey(row.email) === addressKey(email)
}

/**
 * Whether `token` admits a sign-up with `email` (decision 193): an e-mail invitation admits only the address it was
 * sent to; a link invitation admits one account, the first one made with it, and `claim` claims it for this address
 * in the same statement that checks it is free. An address that has an account already claims nothing (Better Auth
 * answers that sign-up as any with a taken address, and makes no account).
 */
export async function invitationAdmits(executor: Executor, token: string, email: string, claim: boolean): Promise<boolean> {
  const row = await usableByToken(executor, token)
  if (!row) return false
  const address = addressKey(email)
  if (row.kind === 'email') return row.email !== null && addressKey(row.email) === address
  if (row.claimedEmail !== null && row.claimedEmail !== address) return false
  if (!claim || (await hasAccountWithEmail(executor, address))) return true
  return claimLinkInvitation(executor, row.id, address)
}

/** Tells the inviters whose invitations closed because the two people connected (decision 119). */
export async function closeInvitationsOnConnection(tx: Executor, userA: string, userB: string): Promise<void> {
  for (const row of await closeInvitationsBetween(tx, userA, userB)) {
    await publishRealtime(tx, [row.inviterUserId], { type: 'invitation.changed', invitation_id: row.id })
  }
}

export function toInvitationResponse(row: InvitationRow): Invitation {
  return {
    id: row.id,
    kind: row.kind,
    email: row.email,
    recipient_name: row.recipientName,
    status: row.status,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    has_message: row.audioKey !== null || row.usesWelcomeMessage,
  }
}

export function createInvitationsService({
  db,
  storage,
  publicUrl,
  signMediaUrl,
  pictureUrl,
  queue,
  log,
  uploads,
  rateLimits = true,
}: {
  db: Database
  storage: ObjectStorage
  publicUrl: string
  signMediaUrl: (key: string) => string
  pictureUrl: PictureUrl
  /** a personal message is queued for transcription with the invitation, and its mail (invitations.jobs.ts) */
  queue: Pick<JobQueue, 'enqueue'>
  log: FastifyBaseLogger
  /** a personal message is measured (or refused) before the invitation keeps it: no job of a message's does */
  uploads: Pick<AudioUploadsService, 'prepare'>
  /** RATE_LIMIT_ENABLED: off only where a test drives one person through many invitations */
  rateLimits?: boolean
}) {
  const withinLimit = (key: string, limit: { windowSeconds: number; max: number }) =>
    rateLimits ? takeRateToken(db, key, limit.windowSeconds, limit.max) : Promise.resolve(true)

  const changed = (tx: Executor, inviterId: string, invitationId: string) =>
    publishRealtime(tx, [inviterId], { type: 'invitation.changed', invitation_id: invitationId })

  async function byToken(executor: Executor, token: string, lock: boolean): Promise<InvitationRow> {
    const row = await findByToken(executor, token, lock)
    if (!row) {
      // an invitation that went with its inviter's account says so (decision 120)
      if (await isTokenOfDeletedInviter(executor, hashToken(token))) throw new InvitationGoneError(INVITATION_TEXTS.inviterDeleted)
      throw notFound()
    }
    return row
  }

  /** Refuses a used (or closed, decision 119) or overdue invitation with the texts the landing page maps to its cards. */
  function requireUsable(row: InvitationRow): void {
    if (row.status === 'accepted' || row.status === 'joined') throw new InvitationGoneError(INVITATION_TEXTS.used)
    if (row.status === 'expired' || row.expiresAt.getTime() <= Date.now()) throw new InvitationGoneError(INVITATION_TEXTS.expired)
  }

  /**
   * Creates an invitation carrying the inviter's upload, consumed in the same transaction (as a message's is), and
   * queues its transcription. The inviter needs room in their circle (docs/product/invitations.md).
   */
  async function create(
    inviterId: string,
    values: {
      kind: 'email' | 'link'
      email: string | null
      recipientName: string | null
      note: string | null
      /** an upload of the inviter's, or null for their welcome message (decision 53) */
      uploadId: string | null
    },
  ): Promise<{ row: InvitationRow; token: string }> {
    if (!(await withinLimit(`invite-send:${inviterId}`, INVITE_SEND_LIMIT))) {
      throw new TooManyRequestsError(INVITATION_TEXTS.sendLimit)
    }
    if (values.uploadId !== null) await uploads.prepare(inviterId, values.uploadId)
    const token = newToken()
    return db.transaction(async (tx) => {
      await lockCircles(tx, [inviterId])
      if ((await countActiveContacts(tx, inviterId)) >= MAX_ACTIVE_CONTACTS) {
        throw new ConflictError(INVITATION_TEXTS.inviteCircleFull, ERROR_CODES.circleFull)
      }
      const inviter = await getProfileById(tx, inviterId)
      if (!inviter) throw new NotFoundError('Profile not found.')
      const upload = values.uploadId === null ? null : await lockOwnAudioUpload(tx, inviterId, values.uploadId)
      if (values.uploadId !== null && !upload) throw new NotFoundError(INVITATION_TEXTS.uploadNotFound)
      const row = await insertInvitation(tx, {
        inviterUserId: inviterId,
        kind: values.kind,
        email: values.email,
        recipientName: values.recipientName,
        note: values.note,
        tokenHash: hashToken(token),
        usesWelcomeMessage: upload === null,
        ...(upload
          ? {
              audioKey: upload.objectKey,
              mimeType: upload.mimeType,
              bytes: upload.bytes,
              durationSeconds: upload.durationSeconds,
              transcriptStatus: 'pending' as const,
            }
          : {}),
        expiresAt: new Date(Date.now() + VALIDITY_MS),
      })
      if (upload) {
        await deleteAudioUpload(tx, upload.id)
        await queue.enqueue(tx, 'transcribe-invitation', { invitationId: row.id, audioKey: upload.objectKey, attempt: 1 })
      }
      await queueMail(tx, row, token, inviter.name)
      await changed(tx, inviterId, row.id)
      return { row, token }
    })
  }

  /**
   * Queues an e-mail invitation's mail with the invitation (decision 193). The job sends it only when no account has
   * the address: a person who has one (who may have blocked the inviter) gets no mail, and the inviter's answer is
   * the same either way, as fast, whether the address has an account or not.
   */
  async function queueMail(tx: Executor, row: InvitationRow, token: string, inviterName: string | null): Promise<void> {
    if (row.kind !== 'email' || !row.email) return
    // an address with an account gets no invitation, so its reader's language is never known: the mail's frame is
    // in the inviter's, the best guess of the family's (decision 222); their own note stays as they wrote it
    const intl = await intlOfPerson(tx, row.inviterUserId)
    // the invitation's own recording, or the inviter's welcome message (decision 53)
    const withMessage =
      row.audioKey !== null || (row.usesWelcomeMessage && Boolean((await getInviterCard(tx, row.inviterUserId))?.welcomeAudioKey))
    await queue.enqueue(
      tx,
      'send-invitation-mail',
      invitationMail(
        intl,
        row.email,
        inviterName ?? intl.formatMessage(PERSON_MESSAGES.someone),
        row.note,
        inviteUrl(publicUrl, token),
        withMessage,
      ),
    )
  }

  /**
   * Replaces the token and extends the invitation (decision 50): the new link works, the one before does not, and
   * it is pending for 7 days from the later of its expiry and now.
   */
  async function renewToken(tx: Executor, row: InvitationRow): Promise<{ row: InvitationRow; token: string }> {
    const token = newToken()
    const base = Math.max(row.expiresAt.getTime(), Date.now())
    const updated = await updateInvitation(tx, row.id, {
      tokenHash: hashToken(token),
      status: 'pending',
      expiresAt: new Date(base + VALIDITY_MS),
    })
    await changed(tx, row.inviterUserId, row.id)
    return { row: updated, token }
  }

  /** fetch-invitation, for anyone holding the token; look-ups are limited per address. */
  async function preview(token: string, address: string): Promise<InvitationPreview> {
    if (!(await withinLimit(`invite-lookup:${address}`, INVITE_LOOKUP_LIMIT))) {
      throw new TooManyRequestsError(INVITATION_TEXTS.lookupLimit)
    }
    const row = await byToken(db, token, false)
    // a disabled inviter's invitation is as if it did not exist while they are disabled (decision 193)
    if (await isInviterDisabled(db, row.inviterUserId)) throw notFound()
    if (row.status === 'pending' && row.expiresAt.getTime() <= Date.now()) {
      await db.transaction(async (tx) => {
        await updateInvitation(tx, row.id, { status: 'expired' })
        await changed(tx, row.inviterUserId, row.id)
      })
    }
    requireUsable(row)
    const inviter = await getInviterCard(db, row.inviterUserId)
    if (!inviter) throw notFound()
    // onboarding's invitations play the welcome message as it is now (decision 53), its transcript only when the
    // engine was sure of it, as on the public profile (decisions 210, 219); a personal message's transcript is kept
    // only when sure (invitations.jobs.ts)
    const welcomeSure =
      inviter.welcomeTranscriptStatus === 'completed' &&
      transcriptSureForStrangers(inviter.welcomeTranscript, inviter.welcomeWordTimestamps ?? null)
    const message = row.usesWelcomeMessage
      ? {
          key: inviter.welcomeAudioKey,
          transcript: welcomeSure ? inviter.welcomeTranscript : null,
          status: inviter.welcomeTranscriptStatus,
        }
      : { key: row.audioKey, transcript: row.transcript, status: row.transcriptStatus }
    return {
      invitation: { id: row.id, recipient_name: row.recipientName, note: row.note, expires_at: row.expiresAt.toISOString() },
      inviter: { name: inviter.name, avatar_url: pictureUrl(inviter.pictureKey) },
      invited_email: row.kind === 'email' ? row.email : null,
      transcript: message.key ? message.transcript : null,
      transcription_status: message.key ? message.status : null,
      personal_message_signed_url: message.key ? signMediaUrl(message.key) : null,
    }
  }

  return {
    /** send-contact-invitation. The mail is queued with the invitation and sent after the answer (queueMail). */
    async sendEmail(inviterId: string, input: SendEmailInvitation): Promise<Invitation> {
      const { row } = await create(inviterId, {
        kind: 'email',
        email: input.email,
        recipientName: null,
        note: input.note || null,
        uploadId: input.upload_id ?? null,
      })
      return toInvitationResponse(row)
    },

    /** create-share-link: the link is answered once, never stored in clear. */
    async createLink(inviterId: string, input: CreateShareLink): Promise<InvitationCreated> {
      const { row, token } = await create(inviterId, {
        kind: 'link',
        email: null,
        recipientName: input.recipient_name,
        note: null,
        uploadId: input.upload_id,
      })
      return { invitation: toInvitationResponse(row), share_url: inviteUrl(publicUrl, token) }
    },

    /** The inviter's invitations, newest first; overdue ones are marked expired first (a bulk update on load). */
    async list(inviterId: string): Promise<Invitation[]> {
      await expireOverdue(db, inviterId)
      return (await listInvitationsOf(db, inviterId, LIST_LIMIT)).map(toInvitationResponse)
    },

    /** Cancel deletes the invitation and, once that is committed, its audio. */
    async cancel(inviterId: string, id: string): Promise<void> {
      const audioKey = await db.transaction(async (tx) => {
        const row = await lockOwnInvitation(tx, inviterId, id)
        if (!row) throw notFound()
        await deleteInvitation(tx, id)
        await changed(tx, inviterId, id)
        return row.audioKey
      })
      if (audioKey)
        await storage.remove(audioKey).catch((error: unknown) => log.warn({ err: error }, 'invitations: audio left for the sweep'))
    },

    /**
     * Resend (and extend): back to pending, 7 more days from the later of its expiry and now, a new token, and for an
     * e-mail invitation the mail again. A used invitation cannot be resent, nor one to someone already in the
     * inviter's circle, however they came in (decision 119).
     */
    async resend(inviterId: string, id: string): Promise<ResendResult> {
      const result = await db.transaction(async (tx) => {
        const row = await lockOwnInvitation(tx, inviterId, id)
        if (!row) throw notFound()
        if (row.status === 'accepted') throw new ConflictError(INVITATION_TEXTS.used)
        if (row.status === 'joined') return null
        if (row.email !== null && (await hasContactWithEmail(tx, inviterId, row.email))) {
          // connected before invitations closed on connecting: this one closes now, and the list says Joined
          await updateInvitation(tx, row.id, { status: 'joined' })
          await changed(tx, inviterId, row.id)
          return null
        }
        const inviter = await getProfileById(tx, inviterId)
        const renewed = await renewToken(tx, row)
        await queueMail(tx, renewed.row, renewed.token, inviter?.name ?? null)
        return renewed
      })
      if (!result) throw new ConflictError(INVITATION_TEXTS.alreadyInCircle)
      return {
        invitation: toInvitationResponse(result.row),
        mail_sent: result.row.kind === 'email',
        share_url: result.row.kind === 'link' ? inviteUrl(publicUrl, result.token) : null,
      }
    },

    preview,

    /**
     * The link preview of /invite (Open Graph): the inviter's name and picture, else the app's image. Counted like
     * a look-up; anything refused gives null (the app's own tags).
     */
    async linkPreview(token: string, address: string): Promise<PageTags | null> {
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(token)) return null
      const shown = await preview(token, address).catch(() => null)
      if (!shown) return null
      const name = shown.inviter.name
      return {
        title: `${name} invited you to Hearth`,
        description: shown.personal_message_signed_url
          ? `${name} recorded a voice message for you. Listen, and join their small circle on Hearth.`
          : `${name} would like you in their small circle on Hearth, for voice messages between close people.`,
        image: shown.inviter.avatar_url ? new URL(shown.inviter.avatar_url, publicUrl).toString() : `${publicUrl}/og-image.png`,
        url: inviteUrl(publicUrl, token),
      }
    },

    /**
     * accept-invitation: one transaction with the invitation row locked, so two accepts of one token make exactly
     * one connection. Both people chose each other (decision 40): both rows get chosen_at. The circle limit holds
     * on both sides; already connected people only have the invitation used.
     */
    async accept(userId: string, token: string): Promise<AcceptInvitationResult> {
      const result = await db.transaction(async (tx) => {
        const row = await byToken(tx, token, true)
        // the same person accepting again (a reload of the acceptance page) is told it worked, nothing changes
        if (row.status === 'accepted' && row.acceptedBy === userId) {
          const mine = await getContactByUsers(tx, userId, row.inviterUserId)
          const inviter = await getProfileById(tx, row.inviterUserId)
          if (mine && inviter) return { contact_id: mine.id, inviter_name: inviter.name, already_connected: true }
        }
        // nobody is connected to an account the owner disabled (decision 193)
        if (await isInviterDisabled(tx, row.inviterUserId)) throw notFound()
        requireUsable(row)
        // a link made an account is that account's alone: to anyone else it is used (decision 193)
        if (row.claimedEmail !== null && row.claimedEmail !== (await getAccountEmail(tx, userId))) {
          throw new InvitationGoneError(INVITATION_TEXTS.used)
        }
        const inviterId = row.inviterUserId
        if (inviterId === userId) throw new ConflictError(INVITATION_TEXTS.ownInvitation)
        await lockCircles(tx, [inviterId, userId])
        const [inviter, accepter] = await Promise.all([getProfileById(tx, inviterId), getProfileById(tx, userId)])
        if (!inviter || !accepter) throw notFound()
        const mine = await getContactByUsers(tx, userId, inviterId)
        const theirs = await getContactByUsers(tx, inviterId, userId)
        // a row that exists but is not active still needs room, as a rekindle would; an existing active one does not
        // a message request held is no place in the circle yet: accepting the invitation takes one (decision 123)
        if ((!mine || isRequest(mine)) && (await countActiveContacts(tx, userId)) >= MAX_ACTIVE_CONTACTS) {
          throw new ConflictError(INVITATION_TEXTS.yourCircleFull, ERROR_CODES.circleFull)
        }
        if ((!theirs || isRequest(theirs)) && (await countActiveContacts(tx, inviterId)) >= MAX_ACTIVE_CONTACTS) {
          throw new ConflictError(INVITATION_TEXTS.inviterCircleFull(inviter.name), ERROR_CODES.circleFull)
        }
        const myId =
          mine?.id ??
          (await insertContact(tx, {
            ownerId: userId,
            contactUserId: inviterId,
            name: inviter.name,
            displayOrder: await nextDisplayOrder(tx, userId),
            archivedAt: null,
            chosen: true,
          }))
        const theirId =
          theirs?.id ??
          (await insertContact(tx, {
            ownerId: inviterId,
            contactUserId: userId,
            name: accepter.name,
            displayOrder: await nextDisplayOrder(tx, inviterId),
            archivedAt: null,
            chosen: true,
          }))
        if (mine) await markContactChosen(tx, mine.id)
        if (theirs) await markContactChosen(tx, theirs.id)
        await updateInvitation(tx, row.id, { status: 'accepted', acceptedBy: userId, acceptedAt: new Date() })
        await changed(tx, inviterId, row.id)
        await closeInvitationsOnConnection(tx, inviterId, userId)
        await publishRealtime(tx, [userId], { type: 'contact.changed', contact_id: myId, change: mine ? 'updated' : 'created' })
        await publishRealtime(tx, [inviterId], { type: 'contact.changed', contact_id: theirId, change: theirs ? 'updated' : 'created' })
        return { contact_id: myId, inviter_name: inviter.name, already_connected: Boolean(mine && theirs) }
      })
      return result
    },

    /** The scheduled job: marks overdue invitations expired (their inviters' lists refresh) and drops old counters. */
    async expireAll(): Promise<number> {
      const expired = await db.transaction(async (tx) => {
        const rows = await expireOverdue(tx)
        for (const row of rows) await changed(tx, row.inviterUserId, row.id)
        return rows
      })
      await deleteOldRateCounters(db)
      return expired.length
    },
  }
}
export type InvitationsService = ReturnType<typeof createInvitationsService>
