/** The image formats LinkedIn takes, by their first bytes (headers of image hosts are not trustworthy); null for others. */
export function imageType(bytes: Uint8Array): 'image/jpeg' | 'image/png' | 'image/gif' | null {
	if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
	if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png'
	if (bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x38) return 'image/gif'
	return null
}
