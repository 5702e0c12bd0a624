import { cva, type VariantProps } from 'class-variance-authority'
import type * as React from 'react'
import { cn } from '#web/lib/utils.ts'

/** The round tinted disc behind a state's or a section's icon; the icon takes the size's default unless it sets one. */
export const iconBadgeVariants = cva('grid place-items-center rounded-full [&_svg]:pointer-events-none', {
  variants: {
    tone: {
      accent: 'bg-accent text-accent-foreground',
      muted: 'bg-muted text-muted-foreground',
    },
    size: {
      sm: "size-9 [&_svg:not([class*='size-'])]:size-4",
      md: "size-12 [&_svg:not([class*='size-'])]:size-5",
      lg: "size-14 [&_svg:not([class*='size-'])]:size-6",
      xl: "size-16 [&_svg:not([class*='size-'])]:size-7",
    },
  },
  defaultVariants: { tone: 'accent', size: 'md' },
})

export type IconBadgeProps = React.ComponentProps<'span'> & VariantProps<typeof iconBadgeVariants>

/** A decorative icon in a disc: `<IconBadge size="lg"><Archive aria-hidden /></IconBadge>`. */
export function IconBadge({ tone, size, className, ...props }: IconBadgeProps) {
  return <span data-slot="icon-badge" className={cn(iconBadgeVariants({ tone, size }), className)} {...props} />
}
