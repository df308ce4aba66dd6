// The cross-module use cases (issue 38, ADR 0048): one verb-named file each. Pages, the REST API,
// the MCP tools and the CSV import translate a request and call one of these.
export { planPost, type ChannelRefusal, type PlanPostResult } from './plan-post.server.ts'
export { draftPost } from './draft-post.server.ts'
export { ChannelIdsSchema, retargetPost, type RetargetResult } from './retarget-post.server.ts'
export { chooseChannels, chooseFrom, type ChannelChoice, type ChannelRequest } from './choose-channels.server.ts'
export { CHANNEL_TEXT_OUTSIDE, ChannelTextsSchema, channelTextsWithin, generationIdSchema, instantSchema, newPostSchema, postContentOf, PostScheduleSchema, type NewPostRequest, type PostSchedule } from './post-request.ts'
export { CsvRowSchema, CsvRowsSchema, networksOf, type ImportOptions, type ProgressListener } from './csv-rows.server.ts'
export { previewRows } from './preview-csv.server.ts'
export { fillMissingTimes } from './fill-csv-times.server.ts'
export { importRows, type ImportAnswer } from './import-csv.server.ts'
// The post creator's use cases (its route parses the form and answers with toasts).
export { chosenImages, creatorTargets, firstImage, type CreatorChannel, type CreatorPost } from './creator-post.ts'
export { chooseCreatorChannels, type CreatorChannelsResult, type CreatorRequest } from './choose-creator-channels.server.ts'
export { openForEditing, type OpenedPost } from './open-for-editing.server.ts'
export { saveCreatorDraft, type SaveDraftResult } from './save-creator-draft.server.ts'
export { scheduleCreatorPost } from './schedule-creator-post.server.ts'
export { publishCreatorPost, type PublishCreatorResult } from './publish-creator-post.server.ts'
// 'Alt-Text vorschlagen' for an image of a post (the editor's media strip).
export { suggestAltText, type SuggestAltTextResult } from './suggest-alt-text.server.ts'
export { fetchMediaUrls, type FetchMediaUrlsResult, type MediaUrlRefusal } from './fetch-media-urls.server.ts'
export { validatePost, type PostCheck, type PostCheckRequest } from './validate-post.server.ts'
