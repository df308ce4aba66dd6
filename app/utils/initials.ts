/** Up to two initials of a name (a channel's, for its avatar without a picture). */
export function initialsOf(name: string) {
	const words = name.trim().split(/\s+/).filter(Boolean)
	const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words
	return letters.map((word) => Array.from(word)[0]!.toUpperCase()).join('') || '?'
}
