import { cva, type VariantProps } from 'class-variance-authority'
import { Slot } from 'radix-ui'
import type * as React from 'react'
import { cn } from '#web/lib/utils.ts'

// The empty state of a data view (an icon, one sentence, one next action), as a family on
// shadcn's Empty pattern: <Empty><IconBadge/><EmptyTitle/><EmptyDescription/>{action}</Empty>.

export const emptyVariants = cva('flex flex-col items-center gap-3 rounded-2xl border px-6 text-center', {
  variants: {
    variant: {
      /** A card on the page: the usual empty list. */
      card: 'bg-card py-12 shadow-sm',
      /** A dashed outline: a place that fills as the person does something elsewhere (the archive). */
      dashed: 'border-dashed bg-card/60 py-12',
      /** A quieter, shorter card for a search that has nothing to show yet. */
      notice: 'bg-card py-10 shadow-sm',
    },
  },
  defaultVariants: { variant: 'card' },
})

export function Empty({ variant, className, ...props }: React.ComponentProps<'div'> & VariantProps<typeof emptyVariants>) {
  return <div data-slot="empty" className={cn(emptyVariants({ variant }), className)} {...props} />
}

/** The one sentence that says what is missing; `asChild` to make it a heading. */
export function EmptyTitle({ asChild = false, className, ...props }: React.ComponentProps<'p'> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'p'
  return <Comp data-slot="empty-title" className={cn('text-lg font-semibold', className)} {...props} />
}

/** What will appear here, or what to do next. */
export function EmptyDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return <p data-slot="empty-description" className={cn('max-w-sm text-sm text-balance text-muted-foreground', className)} {...props} />
}
