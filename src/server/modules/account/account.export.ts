import type { Readable } from 'node:stream'
import yazl from 'yazl'
import { type PHOTO_VARIANTS } from '#shared/photo-variants.ts'
import type { Executor } from '#server/db/client.ts'
import { variantKey } from '#server/media/images.ts'
import type { ObjectStorage } from '#server/media/storage.ts'
import { listPhotosOf } from '#server/modules/photos/photos.queries.ts'
import { getProfileById } from '#server/modules/profiles/profiles.queries.ts'
import { listAllSessionMessagesOf, listAllSessionsOf } from '#server/modules/voice-sessions/voice-sessions.queries.ts'
import { listContactsOfOwner, listInvitationsForExport, listMessagesOfParticipant } from './account.queries.ts'

/** The largest rendition kept of a photo: the uploaded original is never stored (decision 55). */
const EXPORTED_PHOTO_VARIANT: keyof typeof PHOTO_VARIANTS = 'hero3x'

const AUDIO_EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
}
const audioExtension = (mime: string | null | undefined) => AUDIO_EXTENSIONS[mime ?? ''] ?? 'audio'
const iso = (date: Date | null) => date?.toISOString() ?? null
/** An upload's key ends with its type's extension. */
const keyExtension = (key: string) => key.split('.').pop() ?? 'audio'
/** A file name that sorts by time and names its row. */
const timedName = (at: Date, id: string) => `${at.toISOString().replace(/[:.]/g, '-')}-${id}`

/**
 * The person's data as a zip (decision 59): `hearth-export.json` (profile, contacts, message requests received and
 * sent, blocked people, invitations, messages with transcripts, emotions and topics, sessions with their notes),
 * `recordings/` (the messages they sent, those they keep from someone who deleted their account (decision 202), their
 * welcome message, their invitations' messages and their sessions' recordings) and `photos/`. Each relationship is
 * listed as what it is (decision 201): a request received is not a contact, and a request sent stays "sent" whatever
 * its receiver did with it, as the app tells the requester nothing but an accept. The rows are
 * read first (a person's rows are few); the files are streamed one after the other through the storage
 * interface, each opened only when the zip reaches it, so neither the archive nor a file is ever whole in memory.
 */
export async function buildExport(db: Executor, storage: ObjectStorage, user: { id: string; email: string }, now: Date): Promise<Readable> {
  const [profile, contactRows, invitationRows, messageRows, photoRows, sessionRows, sessionMessageRows] = await Promise.all([
    getProfileById(db, user.id),
    listContactsOfOwner(db, user.id),
    listInvitationsForExport(db, user.id),
    listMessagesOfParticipant(db, user.id),
    listPhotosOf(db, user.id),
    listAllSessionsOf(db, user.id),
    listAllSessionMessagesOf(db, user.id),
  ])
  const files: { path: string; key: string }[] = []
  /** Adds a stored file to the archive's list and answers its path there. */
  const addFile = (path: string, key: string) => {
    files.push({ path, key })
    return path
  }
  const welcomePath = profile?.welcomeAudioKey
    ? addFile(`recordings/welcome-message.${keyExtension(profile.welcomeAudioKey)}`, profile.welcomeAudioKey)
    : null
  const names = new Map(contactRows.flatMap((c) => (c.contactUserId ? [[c.contactUserId, c.name] as const] : [])))
  // someone who deleted their account is named by the person's row for them (decisions 120, 202)
  const leftNames = new Map(contactRows.map((c) => [c.id, c.name]))

  const messages = messageRows.map((m) => {
    const sent = m.senderId === user.id
    // a received recording is its sender's, until the sender deleted their account: then it is kept by the receiver alone
    const kept = sent || m.senderId === null
    const recording = kept ? addFile(`recordings/${timedName(m.createdAt, m.id)}.${audioExtension(m.mimeType)}`, m.audioKey) : null
    const other = sent ? m.receiverId : m.senderId
    return {
      id: m.id,
      direction: sent ? 'sent' : 'received',
      with: (other ? names.get(other) : m.leftContactId && leftNames.get(m.leftContactId)) ?? null,
      sent_at: m.createdAt.toISOString(),
      duration_seconds: m.durationSeconds,
      transcription: m.transcription,
      emotions: m.emotions,
      topics: m.topics,
      reply_to_id: m.replyToId,
      is_read: m.isRead,
      recording,
    }
  })
  const invitationList = invitationRows.map((i) => ({
    id: i.id,
    kind: i.kind,
    email: i.email,
    recipient_name: i.recipientName,
    note: i.note,
    status: i.status,
    // onboarding's invitations carry the welcome message itself (decision 53)
    message: i.usesWelcomeMessage
      ? welcomePath
      : i.audioKey
        ? addFile(`recordings/invitations/${timedName(i.createdAt, i.id)}.${keyExtension(i.audioKey)}`, i.audioKey)
        : null,
    message_transcript: i.transcript,
    created_at: i.createdAt.toISOString(),
    expires_at: i.expiresAt.toISOString(),
    accepted_at: iso(i.acceptedAt),
  }))
  const photos = photoRows.map((p, index) => {
    const path = `photos/${String(index + 1).padStart(2, '0')}-${p.id}.webp`
    addFile(path, variantKey(p.baseKey, EXPORTED_PHOTO_VARIANT))
    return { id: p.id, order: index + 1, is_primary: p.isPrimary, file: path, added_at: p.createdAt.toISOString() }
  })
  const sessions = sessionRows.map((s) => ({
    id: s.id,
    title: s.title,
    date: s.date,
    created_at: s.createdAt.toISOString(),
    recording: s.audioKey ? addFile(`recordings/sessions/${timedName(s.createdAt, s.id)}.${keyExtension(s.audioKey)}`, s.audioKey) : null,
    messages: sessionMessageRows
      .filter((m) => m.sessionId === s.id)
      .map((m) => ({
        id: m.id,
        role: m.role,
        text: m.text,
        transcript_status: m.transcriptStatus,
        recording: m.audioKey
          ? addFile(`recordings/sessions/${s.id}/${timedName(m.createdAt, m.id)}.${keyExtension(m.audioKey)}`, m.audioKey)
          : null,
        created_at: m.createdAt.toISOString(),
      })),
  }))

  const document = {
    exported_at: now.toISOString(),
    profile: profile && {
      id: profile.id,
      email: user.email,
      name: profile.name,
      full_name: profile.fullName,
      welcome_message: welcomePath,
      welcome_transcript: profile.welcomeTranscript,
      email_notifications_enabled: profile.emailNotificationsEnabled,
      findable_by_email: profile.findableByEmail,
      created_at: profile.createdAt.toISOString(),
    },
    contacts: contactRows
      // a request this person sent is a contact of theirs, in their circle as the app shows it; `message_requests.sent`
      // says which of them have not accepted yet
      .filter((c) => c.requestStatus === null)
      .map((c) => ({
        id: c.id,
        name: c.name,
        archived_at: iso(c.archivedAt),
        last_interaction: iso(c.lastInteraction),
        added_at: c.createdAt.toISOString(),
      })),
    message_requests: {
      /** people who wrote to this person without being chosen; ignored ones are hidden in the app until they write again */
      received: contactRows
        .filter((c) => c.requestStatus === 'pending' || c.requestStatus === 'ignored')
        .map((c) => ({ id: c.id, name: c.name, status: c.requestStatus, received_at: c.createdAt.toISOString() })),
      /** contacts this person wrote to who have not accepted yet (whatever they did with it: decision 123) */
      sent: contactRows
        .filter((c) => c.requestStatus === null && c.requestSent)
        .map((c) => ({ id: c.id, name: c.name, sent_at: c.createdAt.toISOString() })),
    },
    blocked: contactRows
      .filter((c) => c.requestStatus === 'blocked')
      .map((c) => ({ id: c.id, name: c.name, requested_at: c.createdAt.toISOString() })),
    invitations: invitationList,
    messages,
    photos,
    sessions,
  }

  const zip = new yazl.ZipFile()
  zip.addBuffer(Buffer.from(JSON.stringify(document, null, 2)), 'hearth-export.json', { mtime: now })
  for (const file of files) {
    // a file the sweep or a deletion removed meanwhile is left out rather than breaking the archive half-way
    if ((await storage.size(file.key)) === null) continue
    // recordings and WebP are compressed already: stored as they are
    zip.addReadStreamLazy(file.path, { mtime: now, compress: false }, (done) => done(null, storage.read(file.key)))
  }
  zip.end()
  return zip.outputStream as Readable
}
