import { escapeHtml } from '#shared/html.ts'
/**
 * Avatars made locally, never by an outside service: the initials on a warm colour chosen from the name, as an
 * SVG data URL (the Content-Security-Policy allows `data:` images). The same name always gets the same colour.
 */
const PALETTE = ['#a8461f', '#8c4f2b', '#6b6324', '#3d7556', '#2c6b76', '#4a5794', '#7a4687', '#9b3b5a', '#b0452f', '#55702c']

/** FNV-1a over the code points: small, stable across browsers and runs. */
export function hashSeed(seed: string): number {
  let hash = 0x811c9dc5
  for (const char of seed) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193)
  return hash >>> 0
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const picked = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts
  return picked.map((part) => [...(part ?? '')][0]?.toLocaleUpperCase() ?? '').join('') || '?'
}

export function avatarColor(seed: string): string {
  return PALETTE[hashSeed(seed.trim().toLowerCase()) % PALETTE.length] ?? '#a8461f'
}

/** A square SVG avatar for `name`, as a data URL. */
export function generatedAvatarUrl(name: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" fill="${avatarColor(name)}"/>` +
    `<text x="48" y="48" dy="0.35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,sans-serif" ` +
    `font-size="38" font-weight="600" fill="#fff8f1">${escapeHtml(initials(name))}</text></svg>`
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
