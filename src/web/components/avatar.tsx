import { cn } from '#web/lib/utils.ts'
import { generatedAvatarUrl } from '#web/lib/avatar.ts'

/** A person's picture, falling back to a generated initials image seeded by the name. */
export function Avatar({ name, src, className }: { name: string; src?: string | null; className?: string }) {
  return <img src={src || generatedAvatarUrl(name)} alt={name} className={cn('size-10 rounded-full object-cover', className)} />
}
