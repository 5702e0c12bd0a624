/** 'N archived contact(s)': '1 archived contact', '2 archived contacts'. */
export function archivedCountLabel(count: number): string {
  return `${count} archived contact${count === 1 ? '' : 's'}`
}
