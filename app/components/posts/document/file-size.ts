const MB = 1024 * 1024
const GB = 1024 * MB

/** A file's size or a limit as the user reads it: "1 GB", "100 MB", "150,5 MB" (shared with the server's refusals). */
export function documentFileSize(bytes: number) {
	const [value, unit] = bytes >= GB ? [bytes / GB, 'GB'] : [bytes / MB, 'MB']
	return `${value.toLocaleString('de-DE', { maximumFractionDigits: 1 })} ${unit}`
}
