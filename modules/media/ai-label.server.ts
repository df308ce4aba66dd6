import sharp from 'sharp'

// The machine-readable AI label of a generated image (issue 39, item 7; ADR 0052): the IPTC
// Photo Metadata property "Digital Source Type" (XMP Iptc4xmpExt:DigitalSourceType, in the IPTC
// Extension namespace) set to the NewsCodes term 'trainedAlgorithmicMedia', which networks such as
// Meta read on upload and which meets EU AI Act Art. 50(2)'s machine-readable mark for generated media.

export const IPTC_EXT_NAMESPACE = 'http://iptc.org/std/Iptc4xmpExt/2008-02-29/'
export const TRAINED_ALGORITHMIC_MEDIA = 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia'

/** The whole XMP packet written into a generated image: nothing but the digital source type. */
export const AI_LABEL_XMP = [
	'<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
	'<x:xmpmeta xmlns:x="adobe:ns:meta/">',
	'<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
	`<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="${IPTC_EXT_NAMESPACE}">`,
	`<Iptc4xmpExt:DigitalSourceType>${TRAINED_ALGORITHMIC_MEDIA}</Iptc4xmpExt:DigitalSourceType>`,
	'</rdf:Description>',
	'</rdf:RDF>',
	'</x:xmpmeta>',
	'<?xpacket end="w"?>',
].join('\n')

/** Whether an XMP packet sets the IPTC digital source type to trainedAlgorithmicMedia (element or attribute form, any prefix). */
export function xmpHasAiLabel(xmp: string) {
	const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
	const prefixes = [...xmp.matchAll(new RegExp(`xmlns:([\\w.-]+)\\s*=\\s*["']${escape(IPTC_EXT_NAMESPACE)}["']`, 'g'))].map((m) => m[1]!)
	const value = escape(TRAINED_ALGORITHMIC_MEDIA)
	return prefixes.some((prefix) => {
		const property = `${escape(prefix)}:DigitalSourceType`
		return new RegExp(`<${property}>\\s*${value}\\s*</${property}>|${property}\\s*=\\s*["']${value}["']`).test(xmp)
	})
}

/** Whether an image file carries the AI label in its XMP; false for anything sharp cannot read. */
export async function isLabelledAiGenerated(bytes: Uint8Array): Promise<boolean> {
	try {
		const { xmpAsString } = await sharp(bytes).metadata()
		return xmpAsString ? xmpHasAiLabel(xmpAsString) : false
	} catch {
		return false
	}
}
