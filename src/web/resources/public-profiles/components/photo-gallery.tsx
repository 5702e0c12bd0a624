import { FormattedMessage, useIntl } from 'react-intl'
import { ImageOff } from 'lucide-react'
import { useState } from 'react'
import type * as React from 'react'
import type { PublicProfile } from '#shared/public-profile.ts'
import { Avatar, pictureSrcSet } from '#web/components/avatar.tsx'
import { cn } from '#web/lib/utils.ts'
import { orderedPhotos } from '../profile-links.ts'

type Photo = PublicProfile['photos'][number]

function PhotoUnavailable({ className }: { className?: string }) {
  return (
    <div className={cn('flex size-full flex-col items-center justify-center gap-2 bg-muted text-muted-foreground', className)}>
      <ImageOff aria-hidden className="size-6" />
      <span className="text-sm">
        <FormattedMessage id="publicProfile.photoUnavailable" defaultMessage="Photo unavailable" />
      </span>
    </div>
  )
}

type PhotoGalleryProps = React.ComponentProps<'div'> & Pick<PublicProfile, 'name' | 'photos' | 'profile_picture_url'>

/**
 * The profile's photos: a large one and, when there are several, thumbnails to pick another. Without photos, a
 * large picture of the person (their profile picture or generated initials). A photo that fails to load says so.
 */
export function PhotoGallery({ name, photos, profile_picture_url, className, ...props }: PhotoGalleryProps) {
  const intl = useIntl()
  const ordered = orderedPhotos(photos)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set())
  const selected: Photo | undefined = ordered.find((p) => p.id === selectedId) ?? ordered[0]
  const markFailed = (id: string) => setFailed((previous) => new Set(previous).add(id))

  if (!selected) {
    return (
      <div
        data-slot="photo-gallery"
        className={cn('grid aspect-[4/3] w-full place-items-center rounded-3xl border bg-card shadow-sm md:aspect-square', className)}
        {...props}
      >
        <Avatar name={name} src={profile_picture_url} size={null} className="size-40 shadow-md sm:size-52" />
      </div>
    )
  }

  const index = ordered.indexOf(selected)
  return (
    <div data-slot="photo-gallery" className={cn('flex flex-col gap-3', className)} {...props}>
      <div className="aspect-square w-full overflow-hidden rounded-3xl border bg-muted shadow-sm">
        {failed.has(selected.id) ? (
          <PhotoUnavailable />
        ) : (
          <img
            key={selected.id}
            src={selected.url}
            srcSet={pictureSrcSet(selected.url)}
            sizes="(min-width: 768px) 420px, 100vw"
            alt={
              ordered.length > 1
                ? intl.formatMessage(
                    { id: 'publicProfile.photo.numbered', defaultMessage: 'Photo {position} of {count} of {name}' },
                    { position: index + 1, count: ordered.length, name },
                  )
                : intl.formatMessage({ id: 'publicProfile.photo', defaultMessage: 'Photo of {name}' }, { name })
            }
            className="size-full object-cover"
            onError={() => markFailed(selected.id)}
          />
        )}
      </div>
      {ordered.length > 1 && (
        <ul
          aria-label={intl.formatMessage({ id: 'publicProfile.photos', defaultMessage: 'Photos' })}
          className="flex gap-2 overflow-x-auto p-1"
        >
          {ordered.map((photo, i) => (
            <li key={photo.id} className="shrink-0">
              <button
                type="button"
                aria-label={intl.formatMessage(
                  { id: 'publicProfile.photo.show', defaultMessage: 'Show photo {position} of {count}' },
                  { position: i + 1, count: ordered.length },
                )}
                aria-pressed={photo.id === selected.id}
                onClick={() => setSelectedId(photo.id)}
                className={cn(
                  'block size-16 cursor-pointer overflow-hidden rounded-xl border-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring',
                  photo.id === selected.id ? 'border-primary' : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                {failed.has(photo.id) ? (
                  <span className="grid size-full place-items-center bg-muted text-muted-foreground">
                    <ImageOff aria-hidden className="size-4" />
                  </span>
                ) : (
                  <img
                    src={photo.url}
                    srcSet={pictureSrcSet(photo.url)}
                    sizes="64px"
                    alt=""
                    className="size-full object-cover"
                    onError={() => markFailed(photo.id)}
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
