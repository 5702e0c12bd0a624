import { Heart } from 'lucide-react'
import { useIntl } from 'react-intl'
import { Button, type ButtonProps } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/utils.ts'
import { useLikeMessageMutation } from '../queries.ts'

type LikeButtonProps = Omit<ButtonProps, 'onClick' | 'children'> & { messageId: string; liked: boolean }

/** The heart toggle of a message (either participant may like it). Optimistic; a failure rolls back with a toast. */
export function LikeButton({ messageId, liked, className, variant = 'ghost', size = 'icon', ...props }: LikeButtonProps) {
  const like = useLikeMessageMutation()
  const intl = useIntl()
  const likeText = intl.formatMessage({ id: 'messages.like', defaultMessage: 'Like' })
  return (
    <Button
      data-slot="like-button"
      variant={variant}
      size={size}
      aria-label={likeText}
      aria-pressed={liked}
      title={liked ? intl.formatMessage({ id: 'messages.unlike', defaultMessage: 'Unlike' }) : likeText}
      onClick={() => like.mutate({ id: messageId, liked: !liked })}
      className={cn('text-muted-foreground aria-pressed:text-rose-500 dark:aria-pressed:text-rose-400', className)}
      {...props}
    >
      <Heart aria-hidden className={cn('size-5 transition-transform', liked && 'scale-110 fill-current')} />
    </Button>
  )
}
