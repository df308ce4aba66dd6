import type { ChannelView } from '#modules/publishing/index.ts'
import type { Services } from '#modules/services.ts'

/** What only the editor of 'Meine Posts' needs: the user's channels (its channel picker shows those of the post's brand) and the cost of 'Bild neu generieren' (ADR 0034). */
export type EditorData = { pages: Array<ChannelView>; regenerationCost: number }

/** Read for the editor opened on load (`?edit=`) or when it first opens (/posts/editor-data). */
export async function editorData(services: Services, userId: string): Promise<EditorData> {
	const [pages, regenerationCost] = await Promise.all([services.publishing.listChannels(userId), services.generation.regenerationCost()])
	return { pages, regenerationCost }
}
