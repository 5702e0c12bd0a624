/**
 * Home grid sizing (docs/product/circle.md): the tile count is contacts + 2 (Add Friend and Archive).
 * Columns are listed from the smallest screen to the largest; the web maps them to breakpoints
 * sm 640 px, md 768 px and lg 1024 px.
 */
export type TileSize = 'large' | 'medium' | 'small'
export type HomeGridLayout = { tileCount: number; size: TileSize; columns: readonly number[] }

export function homeGridLayout(contactCount: number): HomeGridLayout {
  const tileCount = Math.max(0, contactCount) + 2
  if (tileCount <= 4) return { tileCount, size: 'large', columns: [1, 2, 4] }
  if (tileCount <= 8) return { tileCount, size: 'medium', columns: [1, 2, 3, 4] }
  return { tileCount, size: 'small', columns: [1, 2, 3, 4] }
}
