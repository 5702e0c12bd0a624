import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl'
import { ArrowLeft, ArrowRight, ImagePlus, Loader2, Star, Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { toast } from '#web/lib/toast.ts'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { MAX_PROFILE_PHOTOS, PHOTO_MAX_BYTES } from '#shared/limits.ts'
import type { Photo } from '#shared/photos.ts'
import { pictureSrcSet } from '#web/components/avatar.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { usePhotoMutations, usePhotosQuery } from '#web/resources/photos/queries.ts'
import { isApiRequestError } from '#web/lib/api-client.ts'

/** The catalogue's toast for a refused upload: the server's reason when it gave one, else 'Upload failed'. */
const PHOTO_MESSAGES = defineMessages({
  limitTitle: { id: 'settings.photos.limit.title', defaultMessage: 'Photo limit reached' },
  limit: { id: 'settings.photos.limit.body', defaultMessage: 'You can only have up to {max} photos' },
  tooLargeTitle: { id: 'settings.photos.tooLarge.title', defaultMessage: 'File too large' },
  tooLarge: { id: 'settings.photos.tooLarge.body', defaultMessage: 'Please select an image smaller than 5MB' },
  invalidTypeTitle: { id: 'settings.photos.invalidType.title', defaultMessage: 'Invalid file type' },
  invalidType: { id: 'settings.photos.invalidType.body', defaultMessage: 'Please select an image file' },
  uploadFailed: { id: 'settings.photos.uploadFailed', defaultMessage: 'Upload failed' },
  diskFull: { id: 'settings.photos.diskFull', defaultMessage: "Hearth's disk is full; tell the person who runs it" },
  updateFailed: { id: 'settings.photos.updateFailed', defaultMessage: 'Update failed' },
  deleteFailed: { id: 'settings.photos.deleteFailed', defaultMessage: 'Delete failed' },
})

type PhotoToasts = Record<'limit' | 'tooLarge' | 'invalidType' | 'diskFull', () => unknown> &
  Record<'uploadFailed' | 'updateFailed' | 'deleteFailed', () => unknown>

function usePhotoToasts(): PhotoToasts {
  const intl = useIntl()
  const t = (title: MessageDescriptor, body?: MessageDescriptor) => () =>
    toast.error(intl.formatMessage(title), body ? { description: intl.formatMessage(body, { max: MAX_PROFILE_PHOTOS }) } : undefined)
  return {
    limit: t(PHOTO_MESSAGES.limitTitle, PHOTO_MESSAGES.limit),
    tooLarge: t(PHOTO_MESSAGES.tooLargeTitle, PHOTO_MESSAGES.tooLarge),
    invalidType: t(PHOTO_MESSAGES.invalidTypeTitle, PHOTO_MESSAGES.invalidType),
    diskFull: t(PHOTO_MESSAGES.uploadFailed, PHOTO_MESSAGES.diskFull),
    uploadFailed: t(PHOTO_MESSAGES.uploadFailed),
    updateFailed: t(PHOTO_MESSAGES.updateFailed),
    deleteFailed: t(PHOTO_MESSAGES.deleteFailed),
  }
}

/** The toast for a refused upload: the server's reason when it gave one, else 'Upload failed'. */
function uploadErrorToast(error: unknown, toasts: PhotoToasts) {
  if (isApiRequestError(error) && error.code === ERROR_CODES.photoLimit) return toasts.limit()
  if (isApiRequestError(error, 413)) return toasts.tooLarge()
  if (isApiRequestError(error, 400)) return toasts.invalidType()
  if (isApiRequestError(error, 507)) return toasts.diskFull()
  return toasts.uploadFailed()
}

/**
 * Settings' photo manager (docs/product/settings.md): upload one or several images, reorder, delete, set the primary (the
 * profile picture). The add tile is gone at 10, the picker is disabled while uploading, and the primary's
 * Set Primary is disabled. Files are checked here for type and size first; the server decides by content.
 */
export function PhotoManager() {
  const photos = usePhotosQuery()
  const { upload, reorder, setPrimary, remove } = usePhotoMutations()
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  const list = photos.data ?? []
  const busy = uploading || reorder.isPending || setPrimary.isPending || remove.isPending
  const intl = useIntl()
  const toasts = usePhotoToasts()

  const onFiles = async (files: File[]) => {
    if (files.length === 0) return
    setUploading(true)
    let room = MAX_PROFILE_PHOTOS - list.length
    try {
      for (const file of files) {
        if (room <= 0) {
          toasts.limit()
          break
        }
        if (!file.type.startsWith('image/')) {
          toasts.invalidType()
          continue
        }
        if (file.size > PHOTO_MAX_BYTES) {
          toasts.tooLarge()
          continue
        }
        try {
          await upload.mutateAsync(file)
          room -= 1
        } catch (error) {
          uploadErrorToast(error, toasts)
          // a full disk refuses the rest too: one toast says it
          if (isApiRequestError(error, 507)) break
        }
      }
    } finally {
      setUploading(false)
      if (input.current) input.current.value = ''
    }
  }

  const move = (photo: Photo, by: -1 | 1) => {
    const ids = list.map((p) => p.id)
    const from = ids.indexOf(photo.id)
    const to = from + by
    if (to < 0 || to >= ids.length) return
    ids.splice(from, 1)
    ids.splice(to, 0, photo.id)
    reorder.mutate(ids, { onError: toasts.updateFailed })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="settings.photos.title" defaultMessage="Photos" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="settings.photos.description"
            defaultMessage="Up to {max} photos. The primary one is your picture everywhere. {count} of {max}."
            values={{ max: MAX_PROFILE_PHOTOS, count: list.length }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul
          aria-label={intl.formatMessage({ id: 'settings.photos.list', defaultMessage: 'Your photos' })}
          className="grid grid-cols-2 gap-3 sm:grid-cols-3"
        >
          {list.map((photo, index) => (
            <li
              key={photo.id}
              className="flex flex-col gap-2 rounded-xl border bg-card p-2"
              aria-label={intl.formatMessage(
                {
                  id: 'settings.photos.item',
                  defaultMessage: '{primary, select, yes {Photo {position} of {count}, primary} other {Photo {position} of {count}}}',
                },
                { position: index + 1, count: list.length, primary: photo.is_primary ? 'yes' : 'no' },
              )}
            >
              <div className="relative aspect-square overflow-hidden rounded-lg bg-muted">
                <img
                  src={photo.urls.avatar320}
                  srcSet={pictureSrcSet(photo.urls.avatar320)}
                  sizes="200px"
                  alt=""
                  className="size-full object-cover"
                />
                {photo.is_primary && (
                  <span className="absolute start-1.5 top-1.5 inline-flex items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
                    <Star aria-hidden className="size-3" /> <FormattedMessage id="settings.photos.primary" defaultMessage="Primary" />
                  </span>
                )}
              </div>
              <div className="flex items-center justify-between gap-1">
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={intl.formatMessage({ id: 'settings.photos.earlier', defaultMessage: 'Move earlier' })}
                  title={intl.formatMessage({ id: 'settings.photos.earlier', defaultMessage: 'Move earlier' })}
                  disabled={busy || index === 0}
                  onClick={() => move(photo, -1)}
                >
                  <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={intl.formatMessage({ id: 'settings.photos.later', defaultMessage: 'Move later' })}
                  title={intl.formatMessage({ id: 'settings.photos.later', defaultMessage: 'Move later' })}
                  disabled={busy || index === list.length - 1}
                  onClick={() => move(photo, 1)}
                >
                  <ArrowRight aria-hidden className="rtl:-scale-x-100" />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={intl.formatMessage({ id: 'settings.photos.delete', defaultMessage: 'Delete photo' })}
                  title={intl.formatMessage({ id: 'settings.photos.delete', defaultMessage: 'Delete photo' })}
                  className="text-destructive-text hover:text-destructive-text"
                  disabled={busy}
                  onClick={() => remove.mutate(photo.id, { onError: toasts.deleteFailed })}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={busy || photo.is_primary}
                onClick={() => setPrimary.mutate(photo.id, { onError: toasts.updateFailed })}
              >
                <FormattedMessage id="settings.photos.setPrimary" defaultMessage="Set Primary" />
              </Button>
            </li>
          ))}
          {list.length < MAX_PROFILE_PHOTOS && photos.data && (
            <li>
              <label className="flex aspect-square cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed text-sm text-muted-foreground focus-within:ring-[3px] focus-within:ring-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60">
                {uploading ? <Loader2 aria-hidden className="size-6 animate-spin" /> : <ImagePlus aria-hidden className="size-6" />}
                {uploading ? (
                  <FormattedMessage id="settings.photos.uploading" defaultMessage="Uploading..." />
                ) : (
                  <FormattedMessage id="settings.photos.add" defaultMessage="Add photos" />
                )}
                <input
                  ref={input}
                  type="file"
                  accept="image/*"
                  multiple
                  className="sr-only"
                  disabled={uploading}
                  onChange={(event) => void onFiles([...(event.target.files ?? [])])}
                />
              </label>
            </li>
          )}
        </ul>
      </CardContent>
    </Card>
  )
}
