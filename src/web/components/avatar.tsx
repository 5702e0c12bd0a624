import { cva, type VariantProps } from 'class-variance-authority'
import { useState } from 'react'
import type * as React from 'react'
import { pictureVariantUrl, type PhotoVariant } from '#shared/photo-variants.ts'
import { generatedAvatarUrl } from '#web/lib/avatar.ts'
import { cn } from '#web/lib/utils.ts'

export const avatarVariants = cva('inline-block shrink-0 rounded-full bg-muted object-cover', {
  variants: {
    size: {
      sm: 'size-8',
      default: 'size-10',
      lg: 'size-14',
      xl: 'size-20',
    },
  },
  defaultVariants: { size: 'default' },
})

/** The square renditions a picture comes in (decision 55), by width: the browser picks by its pixel ratio. */
const SQUARE_WIDTHS: [PhotoVariant, number][] = [
  ['avatar40', 40],
  ['avatar80', 80],
  ['avatar160', 160],
  ['avatar320', 320],
  ['avatar480', 480],
]
const CSS_SIZES = { sm: '32px', default: '40px', lg: '56px', xl: '80px' } as const

/** The `srcSet` of a picture URL (the `avatar320` rendition that the API answers); null for any other URL. */
export function pictureSrcSet(url: string | null | undefined): string | undefined {
  if (!url || pictureVariantUrl(url, 'avatar40') === url) return undefined
  return SQUARE_WIDTHS.map(([variant, width]) => `${pictureVariantUrl(url, variant)} ${width}w`).join(', ')
}

type AvatarProps = Omit<React.ComponentProps<'img'>, 'src' | 'alt'> &
  VariantProps<typeof avatarVariants> & {
    name: string
    /** A picture URL; without one, initials on a colour seeded by the name. */
    src?: string | null
    /** Defaults to the name; pass '' when the name is already written next to the picture. */
    alt?: string
  }

/**
 * A person's picture in the rendition that fits the screen's pixel ratio (1x, 1.5x, 2x, 3x), falling back to a
 * locally generated initials image when there is none or it fails to load.
 */
export function Avatar({ name, src, alt, size, sizes, className, ...props }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null)
  const picture = src && src !== failed ? src : null
  return (
    <img
      data-slot="avatar"
      src={picture ?? generatedAvatarUrl(name)}
      srcSet={pictureSrcSet(picture)}
      sizes={picture ? (sizes ?? (size === null ? '160px' : CSS_SIZES[size ?? 'default'])) : undefined}
      alt={alt ?? name}
      draggable={false}
      onError={() => setFailed(src ?? null)}
      className={cn(avatarVariants({ size }), className)}
      {...props}
    />
  )
}
