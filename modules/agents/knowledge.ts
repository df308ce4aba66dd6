// An agent's knowledge base in passages: sentences (and lines) packed into passages of about TARGET
// characters, each with its offset in the text. Pure, shared by saving (knowledge.server.ts) and tests.

export const KNOWLEDGE_PASSAGE_TARGET = 700
const MAX_PIECE = 1000
/** How much of the knowledge base reaches the model per post (the passages that match best). */
export const KNOWLEDGE_BUDGET = 3000

export type KnowledgePassage = { position: number; start: number; content: string }

/** What a generation took from the knowledge base: shown to the user, so the cut is never silent. */
export type KnowledgeUse = {
	/** Passages taken, by position, with where each starts in the knowledge base. */
	passages: Array<{ position: number; start: number; length: number }>
	totalPassages: number
	usedChars: number
	totalChars: number
	/** true: chosen by matching the input; false: the input matched nothing and the beginning was taken. */
	matched: boolean
}

export function splitKnowledge(text: string): Array<KnowledgePassage> {
	const pieces: Array<{ start: number; content: string }> = []
	for (const match of text.matchAll(/[^.!?\n]+(?:[.!?]+|\n+|$)/g)) {
		const content = match[0].trim()
		if (!content) continue
		const lead = match[0].length - match[0].trimStart().length
		for (let offset = 0; offset < content.length; offset += MAX_PIECE) pieces.push({ start: match.index + lead + offset, content: content.slice(offset, offset + MAX_PIECE) })
	}
	const passages: Array<KnowledgePassage> = []
	for (const piece of pieces) {
		const last = passages[passages.length - 1]
		if (last && last.content.length + 1 + piece.content.length <= KNOWLEDGE_PASSAGE_TARGET) last.content = `${last.content} ${piece.content}`
		else passages.push({ position: passages.length, ...piece })
	}
	return passages
}

/** The words of an input to search the passages for, most frequent first (letters and digits only: safe in tsquery syntax). */
export function searchWords(input: string, max = 40) {
	const counts = new Map<string, number>()
	for (const word of input.match(/[\p{L}\p{N}]{3,}/gu) ?? []) counts.set(word.toLowerCase(), (counts.get(word.toLowerCase()) ?? 0) + 1)
	// A stable sort: equally frequent words keep their order in the input.
	return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, max).map(([word]) => word)
}

/** The passages to use: the best ranked that fit the budget together (separators counted), in their order in the text. */
export function fitPassages<T extends { position: number; content: string }>(ranked: ReadonlyArray<T>, budget: number, separator: string) {
	const chosen: Array<T> = []
	let used = 0
	for (const passage of ranked) {
		const cost = passage.content.length + (chosen.length ? separator.length : 0)
		if (used + cost > budget) continue
		chosen.push(passage)
		used += cost
	}
	return chosen.sort((a, b) => a.position - b.position)
}
