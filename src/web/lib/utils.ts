import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

/** Merges class names; later Tailwind classes win over earlier ones (the caller's `className` goes last). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs))
}
