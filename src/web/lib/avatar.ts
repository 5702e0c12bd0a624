/** Avatars made locally (no external service): initials on a warm colour chosen from the name. */
const PALETTE = ['#a8461f', '#8a5a2b', '#6f6a2a', '#3f7a5a', '#2f6f7a', '#4a5a9a', '#7a4a8a', '#9a3f5f']

export function hashSeed(seed: string): number {
  let hash = 2166136261
  for (const char of seed) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619)
  return hash >>> 0
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts
  return letters.map((p) => [...(p ?? '')][0]?.toUpperCase() ?? '').join('') || '?'
}

export function avatarColor(seed: string): string {
  return PALETTE[hashSeed(seed) % PALETTE.length] ?? PALETTE[0]!
}

export function generatedAvatarUrl(name: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><rect width="80" height="80" fill="${avatarColor(name)}"/><text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="32" font-weight="600" fill="#fff">${initials(name).replace(/[<&>]/g, '')}</text></svg>`
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
