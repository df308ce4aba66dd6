// word-extractor ships no types; only what modules/media uses.
declare module 'word-extractor' {
	type TextOptions = { filterUnicode?: boolean }

	class WordDocument {
		getBody(options?: TextOptions): string
		getFootnotes(options?: TextOptions): string
		getEndnotes(options?: TextOptions): string
	}

	class WordExtractor {
		extract(source: string | Buffer): Promise<WordDocument>
	}

	export = WordExtractor
}
