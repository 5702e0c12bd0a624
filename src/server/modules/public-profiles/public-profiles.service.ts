import { PROFILE_TEXTS } from '#shared/profile.ts'
import { transcriptSureForStrangers } from '#shared/transcript-confidence.ts'
import {
  personStructuredData,
  profileImageUrl,
  publicProfileDescription,
  publicProfilePath,
  type PublicProfile,
} from '#shared/public-profile.ts'
import type { PageTags } from '#server/http/spa.ts'
import type { Executor } from '#server/db/client.ts'
import { NotFoundError } from '#server/http/errors.ts'
import type { PictureUrl } from '#server/media/signed-url.ts'
import { getProfileById } from '#server/modules/profiles/profiles.queries.ts'
import { hasChosenContact } from './public-profiles.queries.ts'
import { listPhotosOf } from '#server/modules/photos/photos.queries.ts'
import { toPhotoResponse } from '#server/modules/photos/photos.service.ts'

/**
 * Welcome audio is the one media that is public (docs/product/settings.md): anyone who can open the profile gets a
 * signed URL for it.
 */
export function createPublicProfilesService({
  db,
  signMediaUrl,
  pictureUrl,
}: {
  db: Executor
  signMediaUrl: (key: string) => string
  pictureUrl: PictureUrl
}) {
  /**
   * Open to anyone (decision 124): the name, the primary photo and the welcome message with its transcript when the
   * engine was sure of it (decision 210). The whole
   * gallery only when the person opted in to being found, to the person themselves, and to people they chose and
   * keep. An unconfirmed account has no public page: it answers as a missing one. Never the e-mail address or settings.
   */
  async function get(userId: string, viewerId: string | null = null): Promise<PublicProfile> {
    const row = await getProfileById(db, userId)
    if (!row?.listed) throw new NotFoundError(PROFILE_TEXTS.notFound)
    // public renditions (decision 57), in the person's order
    const photos = (await listPhotosOf(db, row.id)).map((photo) => {
      const { id, is_primary, urls } = toPhotoResponse(photo)
      return { id, is_primary, url: urls.avatar320 }
    })
    // a rough guess at someone's words is not shown as what they said (decision 210): the recording still plays
    const sure =
      row.welcomeTranscriptStatus === 'completed' && transcriptSureForStrangers(row.welcomeTranscript, row.welcomeWordTimestamps ?? null)
    const gallery = row.findableByEmail || viewerId === row.id || (viewerId !== null && (await hasChosenContact(db, row.id, viewerId)))
    return {
      id: row.id,
      name: row.name,
      profile_picture_url: pictureUrl(row.profilePictureKey),
      photos: gallery ? photos : photos.filter((photo) => photo.is_primary),
      welcome_audio_url: row.welcomeAudioKey ? signMediaUrl(row.welcomeAudioKey) : null,
      welcome_transcript: sure ? row.welcomeTranscript : null,
      welcome_word_timestamps: sure ? (row.welcomeWordTimestamps ?? null) : null,
      findable: row.findableByEmail,
    }
  }

  return {
    get,

    /**
     * The link preview of /u/{id}, written into the served HTML for crawlers and messaging apps (docs/product/directory.md: title,
     * the description from the first 150 characters of the transcript or the fallback sentence, Person data). The
     * same public fields an anonymous visitor's page shows; Person data and indexing only for someone who opted in to
     * being found (decision 124); an unknown or unconfirmed person answers null, so the app's generic tags stay.
     */
    async linkPreview(userId: string, publicUrl: string): Promise<PageTags | null> {
      const profile = await get(userId).catch((error: unknown) => {
        if (error instanceof NotFoundError) return null
        throw error
      })
      if (!profile) return null
      const image = profileImageUrl(profile)
      return {
        title: `${profile.name} - Hearth`,
        description: publicProfileDescription(profile),
        image: image ? new URL(image, publicUrl).href : `${publicUrl}/og-image.png`,
        url: new URL(publicProfilePath(profile.id), publicUrl).href,
        ...(profile.findable
          ? { structuredData: { ...personStructuredData(profile, publicUrl), description: publicProfileDescription(profile) } }
          : { noindex: true }),
      }
    },
  }
}

export type PublicProfilesService = ReturnType<typeof createPublicProfilesService>
