let resetPlayer: (() => void) | null = null

/**
 * Stops and forgets the current track (when the signed-in person changes). Does nothing before the player is made:
 * this module is apart from the player so that the session's code does not load the player with the first screen.
 */
export function resetAudioPlayer(): void {
  resetPlayer?.()
}

/** Called once by the player when it is made. */
export function onAudioPlayerMade(reset: () => void): void {
  resetPlayer = reset
}
