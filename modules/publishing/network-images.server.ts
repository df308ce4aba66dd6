import { keyOfMediaUrl, mediaPath, type FileStore } from '#modules/core/files.server.ts'
import type { ImageFit } from '#modules/media/image-fit.ts'
import { prepareImage, storedImageSize, type ImageRule } from '#modules/media/index.ts'
import type { PlatformDescriptor } from './descriptor.ts'
import { carouselAspect, type PlannedItem } from './image-plan.ts'
import { isRasterKey } from './preflight.server.ts'
import type { PublishMedia } from './ports.ts'

// The images a network receives, made to its rules right before they are sent (ADR 0065): a stored
// image outside the network's formats, bytes, pixels or aspect (a carousel's common one where the
// network shows every item in the first one's) goes out as its variant; anything else as it is.
// Alt text and order stay; only an image's URL and size change.

/** A post's item as mediaFor gives it: its stored URL (relative for our files) and what is known of it. */
export type StoredItem = PlannedItem & { url: string }

/** `media` (publishMediaOf of `items`, in the same order) with each stored image replaced by what the network takes. */
export async function networkImages(files: FileStore | null, descriptor: PlatformDescriptor | null | undefined, items: ReadonlyArray<StoredItem>, media: Array<PublishMedia>, fit: ImageFit, appUrl: string): Promise<Array<PublishMedia>> {
	if (!files || !descriptor) return media
	const known = await withSizes(files, items, appUrl)
	const common = carouselAspect(descriptor, known)
	const rule: ImageRule = { formats: descriptor.images.formats, maxBytes: descriptor.images.maxBytes, maxPixels: descriptor.images.maxPixels, ratio: descriptor.images.ratio, common, fit }
	// One image at a time: each is decoded whole in sharp, so a carousel of ten never holds ten at once.
	const out: Array<PublishMedia> = []
	for (const [index, sent] of media.entries()) {
		const item = known[index]
		const key = item ? keyOfMediaUrl(item.url, appUrl) : null
		if (sent.kind !== 'image' || !item || !key || !isRasterKey(key)) {
			out.push(sent)
			continue
		}
		// A file sharp cannot read goes out as it is: the network's own refusal then names it (never a stuck delivery).
		const prepared = await prepareImage(files, { key, contentType: item.contentType, sizeBytes: item.sizeBytes, width: item.width, height: item.height }, rule).catch(() => null)
		out.push(prepared?.converted ? { ...sent, url: `${appUrl}${mediaPath(prepared.key)}`, width: prepared.width, height: prepared.height } : sent)
	}
	return out
}

/** The items with a stored image's unknown size read from its header (an uploaded image's row has none). */
function withSizes(files: FileStore, items: ReadonlyArray<StoredItem>, appUrl: string): Promise<Array<StoredItem>> {
	return Promise.all(
		items.map(async (item) => {
			const key = item.kind === 'image' && !(item.width && item.height) ? keyOfMediaUrl(item.url, appUrl) : null
			const size = key ? await storedImageSize(files, key) : null
			return size ? { ...item, ...size } : item
		}),
	)
}
