import { markedParts } from '#app/utils/highlight.ts'

/** A ts_headline result: the matched words in <mark>, everything else as plain text. */
export function Highlighted({ text }: { text: string }) {
	return (
		<>
			{markedParts(text).map((part, i) => (part.mark ? <mark key={i} className="search-mark">{part.text}</mark> : <span key={i}>{part.text}</span>))}
		</>
	)
}
