import { cva, type VariantProps } from 'class-variance-authority'
import type * as React from 'react'
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

type AvatarProps = Omit<React.ComponentProps<'img'>, 'src' | 'alt'> &
  VariantProps<typeof avatarVariants> & {
    name: string
    /** A picture URL; without one, initials on a colour seeded by the name. */
    src?: string | null
    /** Defaults to the name; pass '' when the name is already written next to the picture. */
    alt?: string
  }

/** A person's picture, falling back to a locally generated initials image. */
export function Avatar({ name, src, alt, size, className, ...props }: AvatarProps) {
  return (
    <img
      data-slot="avatar"
      src={src || generatedAvatarUrl(name)}
      alt={alt ?? name}
      draggable={false}
      className={cn(avatarVariants({ size }), className)}
      {...props}
    />
  )
}
