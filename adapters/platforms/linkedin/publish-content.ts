import type { PublishContent, PublishDocument, PublishHooks, PublishMedia, PublishTarget, Published } from '#modules/publishing/ports.ts'
import { checkedMedia } from '#modules/publishing/publish-media.ts'
import { linkedinDescriptor } from './descriptor.ts'
import { publishDocumentPost } from './document-post.ts'
import { openDocument } from './documents.ts'
import { publishPost, type Context } from './publish.ts'

/**
 * The port's publish: a post whose only item is a document goes through the Documents API (its PDF
 * streamed from the item's URL, up to the descriptor's byte limit, titled by the item); everything else
 * is a text, image or multi-image post.
 */
export async function publishContent(ctx: Context, target: PublishTarget, content: PublishContent, hooks: PublishHooks): Promise<Published> {
	const document = onlyDocument(checkedMedia(linkedinDescriptor, content))
	if (!document) return publishPost(ctx, target, content, hooks)
	// Opened only when it has to go up (a retry may find it uploaded), before initializeUpload: a file
	// that is no PDF or announced too large is refused before anything goes to LinkedIn.
	const pdf = () => openDocument(ctx.settings, document.url, linkedinDescriptor.media.document!.maxBytes, hooks.signal)
	return publishDocumentPost(ctx, target, { text: content.text, title: document.title, pdf }, hooks)
}

/** The post's document, if it has one (checkedMedia refused a document beside other items: it is the only one). */
function onlyDocument(media: Array<PublishMedia>): PublishDocument | null {
	return media.find((item): item is PublishDocument => item.kind === 'document') ?? null
}
