/** What Hearth says when its disk is at the floor it keeps free (decision 214). */
export const DISK_TEXTS = {
  /** the 507 of an upload refused for lack of room: the person can do nothing but tell whoever runs Hearth */
  full: "Hearth's disk is full; tell the person who runs it",
  ownerTitle: 'Disk space',
  ownerLow: (free: string, floor: string) =>
    `The disk is nearly full: ${free} left, and Hearth keeps ${floor} free for its database. New recordings and photos ` +
    'wait until there is room again; everything already here still plays. Free some space and they go on by themselves.',
} as const

/** A size for people: whole MB below a gigabyte, one decimal above. */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024)
  return mb < 1024 ? `${Math.max(0, Math.round(mb))} MB` : `${(mb / 1024).toFixed(1)} GB`
}
